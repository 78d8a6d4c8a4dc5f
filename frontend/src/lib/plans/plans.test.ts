import { GARAGE_SALE_ALERT_TIERS, SUBSCRIPTION_TIERS, TIER_RADIUS_CAP_MILES } from '@curbside/contracts';
import { GARAGE_SALE_TIERS, PLANS, TIER_RADIUS_CAP, TIERS, effectiveRadius, planFor, planOf } from './plans';

describe('plans', () => {
  it('keep the same tiers, caps and garage-sale tiers as the contracts', () => {
    expect(TIERS).toEqual(SUBSCRIPTION_TIERS);
    expect(TIER_RADIUS_CAP).toEqual(TIER_RADIUS_CAP_MILES);
    expect(GARAGE_SALE_TIERS).toEqual(GARAGE_SALE_ALERT_TIERS);
    expect(PLANS.map((p) => p.tier)).toEqual(SUBSCRIPTION_TIERS);
  });

  it('price the four plans as the spec does, Premium the most popular', () => {
    expect(PLANS.map((p) => `${p.name} ${p.price}`)).toEqual(['Free $0', 'Basic $4.99', 'Premium $9.99', 'Pro $14.99']);
    expect(PLANS.filter((p) => p.mostPopular).map((p) => p.tier)).toEqual(['premium']);
  });

  it('state each plan’s search radius as its cap', () => {
    for (const plan of PLANS) expect(plan.features).toContain(`${TIER_RADIUS_CAP[plan.tier]}-mile search`);
  });

  it('holds a radius to the plan’s cap until the server says its own', () => {
    expect(effectiveRadius(25, 'free')).toBe(5);
    expect(effectiveRadius(2, 'free')).toBe(2);
    expect(effectiveRadius(25, 'premium')).toBe(25);
    expect(effectiveRadius(50, undefined)).toBe(5);
    expect(effectiveRadius(50, 'pro', 10)).toBe(10);
    expect(effectiveRadius(50, 'free', 25)).toBe(25);
  });

  it('finds the cheapest plan reaching a radius', () => {
    expect(planFor(15).tier).toBe('premium');
    expect(planFor(50).tier).toBe('pro');
    expect(planOf('basic').name).toBe('Basic');
    expect(planOf('nonsense').tier).toBe('free');
  });
});
