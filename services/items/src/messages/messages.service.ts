import { Injectable } from '@nestjs/common';
import {
  DomainError,
  Events,
  HandoverMessage,
  MESSAGE_RETENTION_DAYS,
  MESSAGES_PER_HOUR,
  MessageError,
  MessageThread,
  MessageThreadSummary,
  SCAM_WARNING,
  SendMessageRequest,
} from '@curbside/contracts';
import { EventOutbox, secondsUntilHourFrees } from '@curbside/platform';
import { DataSource, EntityManager } from 'typeorm';
import { BlocksRepository } from '../blocks/blocks.repository';
import { MessageRow, MessagesRepository, ThreadItem } from './messages.repository';
import { refusingRule } from '../moderation/checks/text-checks.rules';
import { ContentChecks } from '../moderation/checks/content-checks.service';
import { ModerationService } from '../moderation/moderation.service';
import { SCAM_PHRASE_RULES } from '../moderation/checks/scam-patterns.rules';

const SCAM_RULE_IDS: ReadonlySet<string> = new Set(SCAM_PHRASE_RULES.map((rule) => rule.id));

const NOT_FOUND_MESSAGE = 'No conversation here';

/** Who the thread is between, and what the caller may do in it. */
interface Access {
  item: ThreadItem;
  memberId: string;
  otherId: string;
  canWrite: boolean;
}

function toMessage(row: MessageRow, callerId: string): HandoverMessage {
  const mine = row.author_id === callerId;
  return {
    id: row.id,
    itemId: row.item_id,
    authorId: row.author_id,
    mine,
    text: row.body,
    createdAt: new Date(row.created_at).toISOString(),
    meetAt:
      row.meet_time && row.meet_place && row.meet_status
        ? { time: new Date(row.meet_time).toISOString(), place: row.meet_place, status: row.meet_status }
        : null,
    // The warning is for the one a scam would target: the recipient. The flag itself stays for moderators.
    warning: !mine && row.scam_flags.length > 0 ? SCAM_WARNING : null,
    ...(mine && row.in_review ? { inReview: true } : {}),
  };
}

/**
 * Handover messages (docs/product-rules.md): a thread per item between its poster and one member: the current
 * holder, or for a garage sale any interested member. Only those two read it; anyone else is told there is
 * nothing, the same as for a thread that does not exist. 30 messages an hour per member, counted in the database.
 */
@Injectable()
export class MessagesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
    private readonly messages: MessagesRepository,
    private readonly blocks: BlocksRepository,
    private readonly checks: ContentChecks,
    private readonly moderation: ModerationService,
  ) {}

  async thread(itemId: string, callerId: string, withId: string | undefined): Promise<MessageThread> {
    const access = await this.access(this.dataSource.manager, itemId, callerId, withId);
    const rows = await this.messages.list(itemId, access.memberId, callerId);
    return {
      itemId,
      memberId: access.memberId,
      otherName: await this.messages.nameOf(this.dataSource.manager, access.otherId),
      canWrite: access.canWrite,
      messages: rows.map((row) => toMessage(row, callerId)),
    };
  }

  /**
   * The poster's threads on their item (docs/product-rules.md, Handover messages). Anyone else, an unknown or
   * removed item, or one past the retention: MESSAGE.NOT_FOUND, the answer the threads themselves give.
   */
  async threads(itemId: string, callerId: string): Promise<MessageThreadSummary[]> {
    const item = await this.messages.threadItem(this.dataSource.manager, itemId, callerId, MESSAGE_RETENTION_DAYS);
    if (!item || item.status === 'removed' || item.poster_id !== callerId || item.past_retention) {
      throw new DomainError(MessageError.NOT_FOUND, NOT_FOUND_MESSAGE);
    }
    const rows = await this.messages.threads(itemId, callerId);
    return rows.map((row) => ({
      memberId: row.member_id,
      name: row.name,
      lastMessageAt: new Date(row.last_at).toISOString(),
      count: row.count,
      awaitingReply: row.awaiting_reply,
    }));
  }

  async send(itemId: string, callerId: string, request: SendMessageRequest): Promise<HandoverMessage> {
    // The scam rules read the text and a proposed meeting place (docs/security.md, Handover messages).
    const verdict = await this.checks.check({ kind: 'message', text: request.meetAt ? `${request.text}\n${request.meetAt.place}` : request.text });
    const refusedBy = refusingRule(verdict.flags);
    const row = await this.outbox.transaction(async (tx) => {
      const access = await this.access(tx.manager, itemId, callerId, request.to);
      if (!access.canWrite) throw new DomainError(MessageError.CLOSED, 'This conversation is closed: the item is no longer held by this member');
      // Checked after access so a stranger learns nothing from the refusal.
      if (refusedBy) {
        throw new DomainError(MessageError.REFUSED, 'Never ask for a sign-in code: Curbside never needs another member’s code, so this message was not sent.');
      }
      await this.messages.lockAuthor(tx.manager, callerId);
      const { count, oldest } = await this.messages.lastHour(tx.manager, callerId);
      if (count >= MESSAGES_PER_HOUR) {
        throw new DomainError(
          MessageError.RATE_LIMITED,
          `You can send ${MESSAGES_PER_HOUR} messages an hour. Try again in a few minutes.`,
          secondsUntilHourFrees(oldest),
        );
      }
      const added = await this.messages.add(tx.manager, {
        itemId,
        memberId: access.memberId,
        authorId: callerId,
        recipientId: access.otherId,
        body: request.text,
        meet: request.meetAt ?? null,
        // The recipient's scam warning follows the scam rules only; every flag, any source, is on the case.
        flags: verdict.flags.filter((flag) => SCAM_RULE_IDS.has(flag.ruleId)).map((flag) => flag.ruleId),
      });
      // A high-confidence hit waits for a moderator: its recipient hears of it only if it is restored.
      await this.moderation.recordFlagsIn(tx, { type: 'message', id: added.id }, verdict.flags, verdict.hold);
      if (verdict.hold) return { ...added, in_review: true };
      tx.emit(Events.handoverMessage, this.event(access, added, callerId, 'message'));
      return added;
    });
    return toMessage(row, callerId);
  }

  async answerMeetAt(itemId: string, messageId: string, callerId: string, answer: 'accepted' | 'declined'): Promise<HandoverMessage> {
    const row = await this.outbox.transaction(async (tx) => {
      const message = await this.messages.lock(tx.manager, itemId, messageId);
      if (!message) throw new DomainError(MessageError.NOT_FOUND, NOT_FOUND_MESSAGE);
      const access = await this.access(tx.manager, itemId, callerId, message.member_id);
      if (access.memberId !== message.member_id) throw new DomainError(MessageError.NOT_FOUND, NOT_FOUND_MESSAGE);
      if (message.recipient_id !== callerId || message.meet_status !== 'proposed') {
        throw new DomainError(MessageError.CANNOT_ANSWER, 'Only the other side answers a meeting proposal, once');
      }
      if (!access.canWrite) throw new DomainError(MessageError.CLOSED, 'This conversation is closed: the item is no longer held by this member');
      const answered = await this.messages.answerMeetAt(tx.manager, messageId, answer);
      tx.emit(Events.handoverMessage, this.event(access, answered, callerId, answer === 'accepted' ? 'meet_at_accepted' : 'meet_at_declined'));
      return answered;
    });
    return toMessage(row, callerId);
  }

  /** Deletes the threads of items closed more than the retention ago. */
  async purgeExpired(): Promise<number> {
    return this.messages.deleteExpired(MESSAGE_RETENTION_DAYS);
  }

  private event(access: Access, row: MessageRow, callerId: string, kind: 'message' | 'meet_at_accepted' | 'meet_at_declined') {
    return {
      messageId: row.id,
      itemId: access.item.id,
      title: access.item.title,
      posterId: access.item.poster_id,
      memberId: access.memberId,
      authorId: callerId,
      recipientId: access.otherId,
      kind,
      flagged: kind === 'message' && row.scam_flags.length > 0,
    };
  }

  /**
   * The thread the caller means and what they may do in it. The poster's thread is with `withId`, or the current
   * holder; anyone else's is their own with the poster. Readable while the pair may write, or once it has
   * messages, until the retention after the item closed; everything else is MESSAGE.NOT_FOUND.
   */
  private async access(manager: EntityManager, itemId: string, callerId: string, withId: string | undefined): Promise<Access> {
    const notFound = () => new DomainError(MessageError.NOT_FOUND, NOT_FOUND_MESSAGE);
    const probe = await this.messages.threadItem(manager, itemId, withId ?? callerId, MESSAGE_RETENTION_DAYS);
    if (!probe || probe.status === 'removed') throw notFound();
    const isPoster = probe.poster_id === callerId;
    let memberId: string | null;
    if (isPoster) memberId = withId ?? (probe.status === 'first_dibs' ? probe.reserved_by_id : null);
    else memberId = withId === undefined || withId === probe.poster_id || withId === callerId ? callerId : null;
    if (!memberId || memberId === probe.poster_id) throw notFound();
    const item = memberId === (withId ?? callerId) ? probe : await this.messages.threadItem(manager, itemId, memberId, MESSAGE_RETENTION_DAYS);
    if (!item) throw notFound();
    // A member the poster blocked has no thread with them, nor a poster the member blocked, and neither is told why
    // (docs/product-rules.md, Blocking): a block ends the conversation both ways.
    if (await this.blocks.eitherBlocked(item.poster_id, memberId, manager)) throw notFound();
    const holds = item.status === 'first_dibs' && item.reserved_by_id === memberId;
    const interested = item.is_garage_sale && item.interested && (item.status === 'available' || item.status === 'first_dibs');
    const canWrite = holds || interested;
    if (!canWrite && (!item.has_messages || item.past_retention)) throw notFound();
    return { item, memberId, otherId: isPoster ? memberId : item.poster_id, canWrite };
  }
}
