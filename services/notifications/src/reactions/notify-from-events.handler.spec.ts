import { BADGES } from '@curbside/contracts';
import { badgeEarnedMessage } from './notify-from-events.handler';

describe(badgeEarnedMessage.name, () => {
  it('names every badge as a badge once, with its bonus', () => {
    expect(badgeEarnedMessage('Scout Badge', 25)).toBe('You earned the "Scout Badge" and 25 bonus points!');
    expect(badgeEarnedMessage('Community Helper', 15)).toBe('You earned the "Community Helper" badge and 15 bonus points!');
    for (const { name, bonusPoints } of BADGES)
      expect(badgeEarnedMessage(name, bonusPoints)).toMatch(/^You earned the "[^"]+"( badge)? and \d+ bonus points!$/);
    for (const { name, bonusPoints } of BADGES) expect(badgeEarnedMessage(name, bonusPoints).match(/badge/gi)).toHaveLength(1);
  });
});
