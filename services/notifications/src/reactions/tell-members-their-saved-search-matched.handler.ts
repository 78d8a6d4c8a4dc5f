import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EventPayload, Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { NotificationsService } from '../store/notifications.service';

type Match = EventPayload<typeof Events.savedSearchMatched>['matches'][number];

/** What the member saved, in their words ("oak desk"), or the category they chose. */
const described = (m: Match) => (m.query ? `"${m.query}"` : `for ${m.category ?? 'anything'}`);

/**
 * A new item matched members' saved searches (docs/product-rules.md, "Saved searches"): one `saved_search_match`
 * alert each, that opens the item (data.itemId). Authors of wanted posts are told first, in their own statement,
 * and their alert says so (data.wanted); each search's words are in its member's alert. Once per event and member
 * (the event id is recorded with the notifications); the items service never lists the poster or a blocked member.
 */
@Injectable()
export class TellMembersTheirSavedSearchMatchedHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly notifications: NotificationsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.savedSearchMatched, 'saved-search-match', async (matched, tx) => {
      // Members whose searches read the same share one statement; wanted posts come first.
      const groups = new Map<string, { wanted: boolean; text: string; userIds: string[] }>();
      for (const match of [...matched.matches].sort((a, b) => Number(b.wanted) - Number(a.wanted))) {
        const key = `${match.wanted}:${described(match)}`;
        const group = groups.get(key) ?? { wanted: match.wanted, text: described(match), userIds: [] };
        group.userIds.push(match.userId);
        groups.set(key, group);
      }
      for (const group of groups.values()) {
        await this.notifications.notifyMany(tx, group.userIds, {
          type: 'saved_search_match',
          title: group.wanted ? 'Something You Wanted' : 'Saved Search Match',
          message: group.wanted
            ? `"${matched.title}" was just posted near you and matches your wanted post ${group.text}`
            : `"${matched.title}" was just posted and matches your saved search ${group.text}`,
          data: { itemId: matched.itemId, wanted: group.wanted },
          // Members who asked through a wanted post hear at once whatever their plan (DESIGN §6); the others on their plan's timing.
          immediate: group.wanted,
        });
      }
    });
  }
}
