import { randomUUID } from 'node:crypto';
import { decisionText } from './tell-member-their-redemption-was-decided.handler';

describe(decisionText.name, () => {
  const cancelled = (pointsReturned: number, pointsToOwed?: number) =>
    decisionText({
      redemptionId: randomUUID(),
      userId: randomUUID(),
      rewardName: 'Curbside Tote Bag',
      category: 'merchandise',
      status: 'cancelled',
      reason: 'The tote bags ran out.',
      pointsReturned,
      ...(pointsToOwed === undefined ? {} : { pointsToOwed }),
      decidedAt: new Date().toISOString(),
    }).message;

  it('says what came back to spend, and what went toward points owed instead', () => {
    expect(cancelled(600)).toBe('Your Curbside Tote Bag was cancelled: The tote bags ran out. 600 points are back in your points to spend.');
    expect(cancelled(350, 250)).toBe(
      'Your Curbside Tote Bag was cancelled: The tote bags ran out. 350 points are back in your points to spend. 250 points went toward points a withdrawn post owed.',
    );
    expect(cancelled(0, 600)).toBe('Your Curbside Tote Bag was cancelled: The tote bags ran out. 600 points went toward points a withdrawn post owed.');
    expect(cancelled(1, 599)).toContain(' 1 point is back ');
  });
});
