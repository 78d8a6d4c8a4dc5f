import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ItemStatus } from '@curbside/contracts';

/** Generated columns (earth_pos, cell_fine, cell_coarse) are left out: the database computes them. */
@Entity('items')
export class ItemEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'poster_id' })
  posterId: string;

  @Column('text')
  title: string;

  @Column('text')
  description: string;

  @Column('text')
  category: string;

  @Column('text', { name: 'image_url', nullable: true })
  imageUrl: string | null;

  @Column('text')
  status: ItemStatus;

  @Column('uuid', { name: 'claimed_by_id', nullable: true })
  claimedById: string | null;

  @Column('text', { name: 'pricing_type' })
  pricingType: 'free' | 'paid';

  @Column('int', { name: 'custom_amount', nullable: true })
  customAmount: number | null;

  @Column('int', { name: 'time_limit' })
  timeLimit: number;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('double precision')
  lat: number;

  @Column('double precision')
  lng: number;

  @Column('text', { name: 'location_description', nullable: true })
  locationDescription: string | null;

  @Column('boolean', { name: 'is_scout_find' })
  isScoutFind: boolean;

  @Column('boolean', { name: 'is_garage_sale' })
  isGarageSale: boolean;

  @Column('text', { name: 'garage_sale_address', nullable: true })
  garageSaleAddress: string | null;

  @Column('timestamptz', { name: 'garage_sale_start_time', nullable: true })
  garageSaleStartTime: Date | null;

  @Column('timestamptz', { name: 'garage_sale_end_time', nullable: true })
  garageSaleEndTime: Date | null;

  @Column('text', { name: 'garage_sale_contact_info', nullable: true })
  garageSaleContactInfo: string | null;

  @Column('int', { name: 'interest_count' })
  interestCount: number;

  @Column('int', { name: 'vote_count' })
  voteCount: number;

  @Column('int', { name: 'still_there_count' })
  stillThereCount: number;

  @Column('timestamptz', { name: 'last_still_there_check', nullable: true })
  lastStillThereCheck: Date | null;

  /** In the feed: available, reserved, or claimed within its pickup window. */
  @Column('boolean')
  listed: boolean;

  @Column('uuid', { name: 'reserved_by_id', nullable: true })
  reservedById: string | null;

  @Column('timestamptz', { name: 'reserved_until', nullable: true })
  reservedUntil: Date | null;

  @Column('timestamptz', { name: 'claimed_at', nullable: true })
  claimedAt: Date | null;

  @Column('timestamptz', { name: 'removed_at', nullable: true })
  removedAt: Date | null;

  @Column('timestamptz', { name: 'updated_at', nullable: true })
  updatedAt: Date | null;

  @Column('timestamptz', { name: 'expiring_notified_at', nullable: true })
  expiringNotifiedAt: Date | null;

  /** IANA zone of the item's position: "today" for votes and checks is the item's local day. */
  @Column('text', { name: 'time_zone' })
  timeZone: string;

  /** The local day `voteCount` counts. */
  @Column('date', { name: 'votes_date', nullable: true })
  votesDate: string | null;

  @Column('int', { name: 'comment_count' })
  commentCount: number;

  /** In pending review (docs/product-rules.md, Moderation): hidden (unlisted) from everyone but its poster. */
  @Column('boolean', { name: 'in_review' })
  inReview: boolean;

  /** Held by the checks when posted: item.posted leaves only when a moderator restores it. */
  @Column('boolean')
  unannounced: boolean;
}
