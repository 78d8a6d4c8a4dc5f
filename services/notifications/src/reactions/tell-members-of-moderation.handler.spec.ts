import { randomUUID } from 'node:crypto';
import { noticeText } from './tell-members-of-moderation.handler';

const notice = (kind: Parameters<typeof noticeText>[0]['kind'], targetType: Parameters<typeof noticeText>[0]['targetType'], title: string) => ({
  userId: randomUUID(),
  caseId: randomUUID(),
  kind,
  targetType,
  itemId: null,
  title,
  reason: 'Our automatic checks flagged it (weapons or ammunition).',
});

describe('noticeText', () => {
  it('names a wanted post by its words, as it names a post by its title', () => {
    expect(noticeText(notice('held', 'wanted', 'rifle ammo'))).toEqual({
      type: 'content_violation',
      title: 'Held for Review',
      message: 'Your wanted post "rifle ammo" is hidden while a moderator looks at it. Our automatic checks flagged it (weapons or ammunition).',
    });
    expect(noticeText(notice('removed', 'wanted', 'baby crib')).message).toMatch(/^A moderator took your wanted post "baby crib" down: /);
    expect(noticeText(notice('held', 'item', 'Oak chair')).message).toMatch(/^Your post "Oak chair" is hidden/);
  });
});
