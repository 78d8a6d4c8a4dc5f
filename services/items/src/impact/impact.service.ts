import { Injectable } from '@nestjs/common';
import { AreaImpact, ImpactFigures, ImpactMethod, MemberImpact } from '@curbside/contracts';
import { EntityManager } from 'typeorm';
import { cellBounds, cellOf, WIDE_GRID } from '../items/geo-grid.rules';
import { ImpactRepository } from './impact.repository';
import { MemberDevicesRepository } from './member-devices.repository';
import {
  co2eKg,
  CO2E_PER_KG,
  estimatedKg,
  FAIRNESS_WINDOW_DAYS,
  IMPACT_SOURCE,
  IMPACT_WEEKS,
  IMPACT_WEIGHTS_KG,
  impactCategoryOf,
  lastWeekStarts,
  NotCountedReason,
  topDecileShare,
  whyNotCounted,
} from './impact.rules';

const DAY_MS = 86_400_000;
const METHOD: ImpactMethod = { weightsKg: IMPACT_WEIGHTS_KG, co2ePerKg: CO2E_PER_KG, source: IMPACT_SOURCE };
const NONE: ImpactFigures = { pickups: 0, kg: 0, co2eKg: 0 };

/** Sums of sums, kept to the hundredth (the stored figures have two decimals, so this only undoes float noise). */
const add = (a: ImpactFigures, b: ImpactFigures): ImpactFigures => ({
  pickups: a.pickups + b.pickups,
  kg: Math.round((a.kg + b.kg) * 100) / 100,
  co2eKg: Math.round((a.co2eKg + b.co2eKg) * 100) / 100,
});

/**
 * Impact (docs/product-rules.md, "Impact" and "Fairness"): every verified pickup is weighed in the claim's own
 * transaction, so the sums are exactly the pickups that happened, and judged against the throwaway rules there.
 */
@Injectable()
export class ImpactService {
  constructor(
    private readonly impact: ImpactRepository,
    private readonly devices: MemberDevicesRepository,
  ) {}

  /**
   * A moderator's removal of an item takes its pickup out of every sum (the member's figures, the area's weeks, the
   * fairness measure); an overturned appeal puts it back. Each happens once, in the decision's transaction.
   */
  async itemRemoved(manager: EntityManager, itemId: string): Promise<void> {
    await this.impact.uncountRemoved(manager, itemId);
  }

  async itemRestored(manager: EntityManager, itemId: string): Promise<void> {
    await this.impact.recountRestored(manager, itemId);
  }

  /** Keeps the device a member acts from (posting, claiming), when the gateway knew one (RpcMeta.device). */
  async noteDevice(manager: EntityManager, userId: string, deviceHash: string | undefined): Promise<void> {
    if (deviceHash) await this.devices.note(manager, userId, deviceHash);
  }

  /**
   * Called by the claim with a checked photo, after its conditional UPDATE won and under the picker's lock (the
   * claims' transaction lock), so the pair count it reads cannot be passed by a parallel claim of the same picker.
   */
  async recordPickup(manager: EntityManager, itemId: string): Promise<NotCountedReason | null> {
    const facts = await this.impact.pickupFacts(manager, itemId);
    const pickedUpAt = new Date(facts.claimed_at);
    const since = new Date(pickedUpAt.getTime() - FAIRNESS_WINDOW_DAYS * DAY_MS);
    const kg = estimatedKg(facts.category);
    const notCountedBecause = whyNotCounted({
      posterId: facts.poster_id,
      pickerId: facts.picker_id,
      postedAt: new Date(facts.created_at),
      pickerJoinedAt: facts.picker_joined_at ? new Date(facts.picker_joined_at) : null,
      pairPickupsCounted: await this.impact.pairPickupsCounted(manager, facts.poster_id, facts.picker_id, since),
      sharedDevice: await this.devices.shareDevice(manager, facts.poster_id, facts.picker_id),
    });
    await this.impact.record(manager, {
      itemId,
      posterId: facts.poster_id,
      pickerId: facts.picker_id,
      category: impactCategoryOf(facts.category),
      kg,
      co2eKg: co2eKg(kg),
      cellWide: facts.cell_wide,
      pickedUpAt,
      notCountedBecause,
    });
    return notCountedBecause;
  }

  /**
   * Whether a member acting on the poster's post is likely the poster again: seen on one device (linkedAccounts in
   * impact.rules.ts). Their "still there" makes no points final.
   */
  linkedToPoster(manager: EntityManager, posterId: string, memberId: string): Promise<boolean> {
    return this.devices.shareDevice(manager, posterId, memberId);
  }

  /** A member not heard of yet has nothing counted (the gateway asks the users service whether they exist). */
  async member(userId: string): Promise<MemberImpact> {
    const { given, pickedUp } = await this.impact.member(userId);
    return { given, pickedUp, totals: add(given, pickedUp) };
  }

  /** The area (wide grid cell) around the point: its weeks, categories and fairness; nothing finer, nobody named. */
  async area(lat: number, lng: number, now = new Date()): Promise<AreaImpact> {
    const cell = cellOf(lat, lng, WIDE_GRID);
    const weekStarts = lastWeekStarts(now, IMPACT_WEEKS);
    const [sums, perPicker] = await Promise.all([
      this.impact.areaFromWeek(cell, weekStarts[0]),
      this.impact.pickupsPerPicker(cell, new Date(now.getTime() - FAIRNESS_WINDOW_DAYS * DAY_MS)),
    ]);
    const byWeek = new Map(sums.weeks.map((w) => [w.weekStart, w]));
    const weeks = weekStarts.map((weekStart) => ({ ...NONE, ...byWeek.get(weekStart), weekStart }));
    const fairness = topDecileShare(perPicker);
    return {
      area: cellBounds(cell, WIDE_GRID),
      weeks,
      categories: [...sums.categories].sort((a, b) => b.kg - a.kg || a.category.localeCompare(b.category)),
      totals: weeks.reduce<ImpactFigures>((sum, w) => add(sum, w), NONE),
      fairness: { windowDays: FAIRNESS_WINDOW_DAYS, ...fairness },
      method: METHOD,
    };
  }
}
