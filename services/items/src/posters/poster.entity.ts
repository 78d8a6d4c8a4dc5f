import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { RankName } from '@curbside/contracts';

/** Read model of posters (username from users, rank from rewards); each part keeps the newest version seen. */
@Entity('posters')
export class PosterEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  username: string;

  @Column('text')
  rank: RankName;

  @Column('int', { name: 'user_version' })
  userVersion: number;

  @Column('int', { name: 'points_version' })
  pointsVersion: number;
}
