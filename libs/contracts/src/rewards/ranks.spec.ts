import { actionPoints } from './points';
import { rankForPoints } from './ranks';

describe(rankForPoints.name, () => {
  it.each([
    [0, 'Newbie'],
    [99, 'Newbie'],
    [100, 'Scout'],
    [249, 'Scout'],
    [250, 'Curb Sprinter'],
    [500, 'First Dibs'],
    [1000, 'Eco Warrior'],
    [2499, 'Eco Warrior'],
    [2500, 'Curb Master'],
    [1_000_000, 'Curb Master'],
  ])('%i points → %s', (points, rank) => {
    expect(rankForPoints(points)).toBe(rank);
  });
});

describe(actionPoints.name, () => {
  it.each([
    ['post_item', 'free', 10],
    ['post_item', 'basic', 12],
    ['post_item', 'premium', 15],
    ['post_item', 'pro', 20],
    ['scout_find', 'free', 25],
    ['scout_find', 'basic', 30],
    ['scout_find', 'premium', 37],
    ['pickup_claim', 'basic', 6],
    ['pickup_claim', 'premium', 7],
  ] as const)('%s on %s → %i (multiplier rounded down)', (reason, tier, points) => {
    expect(actionPoints(reason, tier)).toBe(points);
  });
});
