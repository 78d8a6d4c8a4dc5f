import { Injectable } from '@nestjs/common';
import { mediaUrl, storedImageKeys } from '@curbside/contracts';
import { EntityManager } from 'typeorm';

/** The photo's advisory lock, in SQL, for its URL given as SQL: the one key that admission, deletion and sweep share. */
const photoLock = (url: string) => `hashtext('items.photo:' || ${url})`;

/** Item photos uploaded and not yet known to be on a post (items.photo_uploads, migration 1765100000415). */
@Injectable()
export class ItemPhotosRepository {
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
   * Whether a post may show this photo, from now until the transaction ends: under the photo's own lock, which the
   * sweep and a post's deletion take too, so none of them decides on a photo another is changing.
   */
  async lock(manager: EntityManager, imageUrl: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(${photoLock('$1')})`, [imageUrl]);
  }

  /** Whether this member uploaded the photo and it is still kept for a post, or a post of theirs already shows it. */
  async keptFor(manager: EntityManager, imageUrl: string, userId: string): Promise<boolean> {
    const [row]: { kept: boolean }[] = await manager.query(
      `SELECT EXISTS (SELECT 1 FROM items.photo_uploads WHERE photo_key = $3 AND user_id = $2)
           OR EXISTS (SELECT 1 FROM items.items WHERE image_url = $1 AND poster_id = $2) AS kept`,
      [imageUrl, userId, storedImageKeys(imageUrl, 'photos')[0] ?? null],
    );
    return row.kept;
  }

  /** Whether an item of another poster shows this photo (through items_image_url, migration 1765000000405). */
  async ofAnother(manager: EntityManager, imageUrl: string, posterId: string): Promise<boolean> {
    const rows = await manager.query(`SELECT 1 FROM items.items WHERE image_url = $1 AND poster_id <> $2 LIMIT 1`, [imageUrl, posterId]);
    return rows.length > 0;
  }

  /** Whether an item other than this one still shows the photo: then its stored files stay. */
  async shownElsewhere(manager: EntityManager, imageUrl: string, itemId: string): Promise<boolean> {
    const rows = await manager.query(`SELECT 1 FROM items.items WHERE image_url = $1 AND id <> $2 LIMIT 1`, [imageUrl, itemId]);
    return rows.length > 0;
  }

  /**
   * Up to `limit` uploads older than `hours`, oldest first, each locked until the transaction ends: its row (so two
   * sweeps share nothing) and its photo's lock (a post about to show it keeps it, and is skipped here this time).
   */
  async lockOlder(manager: EntityManager, hours: number, limit: number): Promise<string[]> {
    const rows: { photo_key: string }[] = await manager.query(
      `WITH old AS (SELECT photo_key, created_at FROM items.photo_uploads WHERE created_at < now() - make_interval(hours => $1)
                    ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       SELECT photo_key FROM old WHERE pg_try_advisory_xact_lock(${photoLock('$3 || photo_key')}) ORDER BY created_at`,
      [hours, limit, mediaUrl('')],
    );
    return rows.map((r) => r.photo_key);
  }

  /**
   * Which of these photos a post shows (through items_image_url). A statement of its own, read after lockOlder: a post
   * that committed while the locks were taken is seen.
   */
  async shown(manager: EntityManager, photoKeys: string[]): Promise<Set<string>> {
    const rows: { photo_key: string }[] = await manager.query(
      `SELECT k.photo_key FROM unnest($1::text[]) AS k(photo_key)
       WHERE EXISTS (SELECT 1 FROM items.items i WHERE i.image_url = $2 || k.photo_key)`,
      [photoKeys, mediaUrl('')],
    );
    return new Set(rows.map((r) => r.photo_key));
  }

  async forget(manager: EntityManager, photoKeys: string[]): Promise<void> {
    await manager.query(`DELETE FROM items.photo_uploads WHERE photo_key = ANY ($1::text[])`, [photoKeys]);
  }
}
