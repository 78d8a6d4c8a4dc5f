import { Injectable } from '@nestjs/common';
import { mediaUrl } from '@curbside/contracts';
import { DataSource, EntityManager } from 'typeorm';

/** Item photos uploaded and not yet known to be on a post (items.photo_uploads, migration 1765100000415). */
@Injectable()
export class ItemPhotosRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Noted before the gateway stores it; a repeat of an idempotent upload notes nothing new. */
  async expect(manager: EntityManager, photoKey: string, userId: string): Promise<void> {
    await manager.query(`INSERT INTO items.photo_uploads (photo_key, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [photoKey, userId]);
  }

  /**
   * The member's uploads of the last 24 hours that no post shows, and when the oldest of them was sent; counted under
   * a lock of the member's own until the transaction ends, so parallel uploads cannot pass a cap together.
   */
  async lockUnpostedOfDay(manager: EntityManager, userId: string): Promise<{ count: number; oldest: Date | null }> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('items.photo-uploads:' || $1))`, [userId]);
    const [row]: { count: number; oldest: Date | null }[] = await manager.query(
      `SELECT count(*)::int AS count, min(u.created_at) AS oldest FROM items.photo_uploads u
       WHERE u.user_id = $1 AND u.created_at > now() - interval '24 hours'
         AND NOT EXISTS (SELECT 1 FROM items.items i WHERE i.image_url = $2 || u.photo_key)`,
      [userId, mediaUrl('')],
    );
    return row;
  }

  /**
   * Uploads older than `hours`, oldest first, each with whether a post shows it (the URL the upload answered, read
   * through items_image_url).
   */
  async older(hours: number, limit: number): Promise<{ photo_key: string; shown: boolean }[]> {
    return this.dataSource.query(
      `SELECT u.photo_key, EXISTS (SELECT 1 FROM items.items i WHERE i.image_url = $3 || u.photo_key) AS shown
       FROM items.photo_uploads u WHERE u.created_at < now() - make_interval(hours => $1)
       ORDER BY u.created_at LIMIT $2`,
      [hours, limit, mediaUrl('')],
    );
  }

  async forget(photoKeys: string[]): Promise<void> {
    await this.dataSource.query(`DELETE FROM items.photo_uploads WHERE photo_key = ANY ($1::text[])`, [photoKeys]);
  }
}
