import type { Reward, UserReward } from '@curbside/contracts';
import { counterText, reasonText, redeemability } from './redeem-rules';

const reward = (overrides: Partial<Reward> = {}): Reward => ({
  id: 'r1',
  name: 'Spotlight Post',
  description: 'Pinned for 24 hours',
  icon: 'sparkles',
  category: 'perks',
  pointsCost: 50,
  limitPerUser: 2,
  delivery: 'none',
  ...overrides,
});
const redeemed = (rewardId: string, status: UserReward['status'] = 'fulfilled'): UserReward => ({
  id: crypto.randomUUID(),
  rewardId,
  rewardName: 'Spotlight Post',
  category: 'perks',
  pointsCost: 50,
  redeemedAt: new Date().toISOString(),
  status,
  closedAt: null,
  cancelReason: null,
  delivery: null,
});

describe('redeem rules', () => {
  it('needs enough points and says how many are missing', () => {
    expect(redeemability(reward(), 50, [])).toEqual({ redeemable: true });
    const state = redeemability(reward(), 20, []);
    expect(state).toEqual({ redeemable: false, reason: 'points', missing: 30 });
    expect(reasonText(state)).toBe('Need 30 more points');
    expect(reasonText(redeemability(reward(), 49, []))).toBe('Need 1 more point');
  });

  it('stops at the per-member limit, counting only that reward', () => {
    expect(redeemability(reward(), 500, [redeemed('r1'), redeemed('other')])).toEqual({ redeemable: true });
    const state = redeemability(reward(), 500, [redeemed('r1'), redeemed('r1')]);
    expect(reasonText(state)).toBe('Already redeemed');
    expect(counterText(reward(), [redeemed('r1')])).toBe('1/2 redeemed');
  });

  it('does not count a cancelled redemption (its points were given back)', () => {
    expect(redeemability(reward(), 500, [redeemed('r1'), redeemed('r1', 'cancelled')])).toEqual({ redeemable: true });
    expect(counterText(reward(), [redeemed('r1', 'cancelled')])).toBe('0/2 redeemed');
  });

  it('never limits a reward without a limit', () => {
    const unlimited = reward({ limitPerUser: undefined });
    expect(
      redeemability(
        unlimited,
        500,
        Array.from({ length: 9 }, () => redeemed('r1')),
      ),
    ).toEqual({ redeemable: true });
    expect(counterText(unlimited, [])).toBe('Unlimited');
  });
});
