import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EventPayload, Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { NotificationsService } from '../store/notifications.service';

type Match = EventPayload<typeof Events.savedSearchMatched>['matches'][number];

/** What the member saved, in their words ("oak desk"), or the category they chose. */
const described = (m: Match) => (m.query ? `"${m.query}"` : `for ${m.category ?? 'anything'}`);

/** The alert's title and message: what the member's auto-claim did, that a wanted post was answered, or a match. */
function wording(title: string, match: Match, text: string): { title: string; message: string } {
  if (match.autoClaimed === 'held') {
    return {
      title: 'Auto-Claimed For You',
      message: `"${title}" matched your saved search ${text} and is held for you: pick it up and claim it with a photo.`,
    };
  }
  if (match.autoClaimed === 'queued') {
    return {
      title: 'In Line For You',
      message: `"${title}" matched your saved search ${text}: someone holds it, so you joined its line. We'll tell you when it's yours.`,
    };
  }
  return match.wanted
    ? { title: 'Something You Wanted', message: `"${title}" was just posted near you and matches your wanted post ${text}` }
    : { title: 'Saved Search Match', message: `"${title}" was just posted and matches your saved search ${text}` };
}

/**
 * A new item matched members' saved searches (docs/product-rules.md, "Saved searches"): one `saved_search_match`
 * alert each, that opens the item (data.itemId). Authors of wanted posts are told first, in their own statement,
 * and their alert says so (data.wanted); each search's words are in its member's alert. Once per event and member
 * (the event id is recorded with the notifications); the items service never lists the poster or a blocked member.
 * A Pro member's auto-claim that held the item or joined its line says so instead (data.autoClaimed), at once.
 */
@Injectable()
export class TellMembersTheirSavedSearchMatchedHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly notifications: NotificationsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.savedSearchMatched, 'saved-search-match', async (matched, tx) => {
      // Members whose searches read the same share one statement; auto-claimed first (they hold it), then wanted posts.
      const order = (m: Match) => (m.autoClaimed ? 2 : 0) + (m.wanted ? 1 : 0);
      const groups = new Map<string, { match: Match; text: string; userIds: string[] }>();
      for (const match of [...matched.matches].sort((a, b) => order(b) - order(a))) {
        const key = `${match.autoClaimed ?? ''}:${match.wanted}:${described(match)}`;
        const group = groups.get(key) ?? { match, text: described(match), userIds: [] };
        group.userIds.push(match.userId);
        groups.set(key, group);
      }
      for (const { match, text, userIds } of groups.values()) {
        await this.notifications.notifyMany(tx, userIds, {
          type: 'saved_search_match',
          ...wording(matched.title, match, text),
          data: { itemId: matched.itemId, wanted: match.wanted, ...(match.autoClaimed ? { autoClaimed: match.autoClaimed } : {}) },
          // Members who asked through a wanted post hear at once whatever their plan (DESIGN §6), as do those whose
          // auto-claim acted for them (a hold runs from now); the others on their plan's timing.
          immediate: match.wanted || match.autoClaimed !== undefined,
        });
      }
    });
  }
}
