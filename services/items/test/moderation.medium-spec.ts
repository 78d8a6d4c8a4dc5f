import { randomUUID } from 'node:crypto';
import { CommentError, CreateReportRequest, EventPayload, Events, ItemError, ModerationCase, ModerationError, ReportError } from '@curbside/contracts';
import { BlocksRepository } from '../src/blocks/blocks.repository';
import { ClaimsService } from '../src/claims/claims.service';
import { CommentsService } from '../src/comments/comments.service';
import { ExpiryScheduler } from '../src/expiry/expiry.scheduler';
import { ItemsService } from '../src/items/items.service';
import { ModerationService } from '../src/moderation/moderation.service';
import { QueueService } from '../src/queue/queue.service';
import { ReportsService } from '../src/reports/reports.service';
import { SavedSearchesService } from '../src/saved-searches/saved-searches.service';
import { ItemsWorld, refusal, startItemsWorld } from './items-world';

type Notice = EventPayload<typeof Events.moderationNotice>;

/**
 * Moderation on the real PostgreSQL (docs/product-rules.md, Moderation): the escalation thresholds, pending review,
 * restore and the window after it, half-weight reporters, decisions, appeals and the append-only log. The users
 * service's answer to "is this a moderator?" is played by the in-memory broker.
 */
describe(ModerationService.name, () => {
  let world: ItemsWorld;
  let sut: ModerationService;
  let reports: ReportsService;
  let items: ItemsService;
  let claims: ClaimsService;

  beforeAll(async () => {
    world = await startItemsWorld();
    sut = world.get(ModerationService);
    reports = world.get(ReportsService);
    items = world.get(ItemsService);
    claims = world.get(ClaimsService);
  });
  afterAll(() => world?.stop());

  const moderator = () => world.moderator();
  const verified = () => world.member({ verified: true });
  const established = () => world.member({ accountAgeHours: 25 });
  const report = (reporterId: string, target: Partial<CreateReportRequest>) =>
    reports.file({ reportType: 'inappropriate', reason: 'Not okay', ...target } as CreateReportRequest, reporterId);
  const reportItem = (reporterId: string, itemId: string) => report(reporterId, { reportedItemId: itemId });
  /** Two verified members' reports: enough to hide the target for review and open its case. */
  const escalate = async (target: Partial<CreateReportRequest>) => {
    await report(await verified(), target);
    await report(await verified(), target);
  };
  const visibleTo = async (itemId: string, callerId: string) => {
    try {
      await items.get(itemId, callerId);
      return true;
    } catch {
      return false;
    }
  };
  const notices = async (userId: string) => (await world.emitted<Notice>(Events.moderationNotice.subject)).filter((n) => n.userId === userId);
  const caseOf = async (targetId: string, status: 'open' | 'appealed' | 'decided', moderatorId: string): Promise<ModerationCase> => {
    const found = (await sut.cases({ status }, moderatorId)).find((c) => c.targetId === targetId);
    if (!found) throw new Error(`no ${status} case for ${targetId}`);
    return found;
  };

  it('hides an item on the second verified reporter, or the third member older than a day; newer accounts do not count', async () => {
    const poster = await world.member();
    const byVerified = await world.post(poster);
    await reportItem(await verified(), byVerified.id);
    const stranger = await world.member();
    expect(await visibleTo(byVerified.id, stranger)).toBe(true);
    await reportItem(await verified(), byVerified.id);
    expect(await visibleTo(byVerified.id, stranger)).toBe(false);
    expect(await visibleTo(byVerified.id, poster)).toBe(true);
    expect((await items.get(byVerified.id, poster)).inReview).toBe(true);
    expect(await notices(poster)).toEqual([
      expect.objectContaining({ kind: 'held', targetType: 'item', title: 'Oak bookshelf', reason: expect.stringContaining('reported') }),
    ]);

    const byEstablished = await world.post(poster);
    for (let i = 0; i < 4; i++) await reportItem(await world.member({ accountAgeHours: 23 }), byEstablished.id);
    await reportItem(await established(), byEstablished.id);
    await reportItem(await established(), byEstablished.id);
    expect(await visibleTo(byEstablished.id, stranger)).toBe(true);
    await reportItem(await established(), byEstablished.id);
    expect(await visibleTo(byEstablished.id, stranger)).toBe(false);
    // Reporting something already hidden finds nothing to report.
    expect(await refusal(reportItem(await verified(), byEstablished.id))).toBe(ItemError.NOT_FOUND);
  });

  it('counts only the first five reports a member files in 24 hours: two accounts cannot hide a whole street', async () => {
    const poster = await world.member();
    const posts = [];
    for (let i = 0; i < 6; i++) posts.push(await world.post(poster));
    const pair = [await verified(), await verified()];
    for (const reporter of pair) for (const post of posts) await reportItem(reporter, post.id);
    const stranger = await world.member();
    const shown = [];
    for (const post of posts) shown.push(await visibleTo(post.id, stranger));
    expect(shown).toEqual([false, false, false, false, false, true]);
    // Kept and shown to moderators all the same.
    const [{ n }] = await world.db.query(`SELECT count(*)::int AS n FROM items.reports WHERE target_id = $1`, [posts[5].id]);
    expect(n).toBe(2);
  });

  it('counts no report from a member the reported member blocked: a blocked neighbour cannot hide the blocker’s post', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    const [blocked, other] = [await verified(), await verified()];
    await world.get(BlocksRepository).keepNewer(world.db.manager, { blockerId: poster, blockedId: blocked, blocked: true, version: 1 });
    await reportItem(blocked, item.id);
    await reportItem(other, item.id);
    expect(await visibleTo(item.id, await world.member())).toBe(true);
    await reportItem(await verified(), item.id);
    expect(await visibleTo(item.id, await world.member())).toBe(false);
  });

  it('keeps one report per member per item, comment or member', async () => {
    const poster = await world.member();
    const reporter = await verified();
    const item = await world.post(poster);
    const comment = await world.get(CommentsService).create(item.id, poster, 'Come get it');
    await reportItem(reporter, item.id);
    await report(reporter, { reportedItemId: item.id, reportedCommentId: comment.id });
    await report(reporter, { reportedUserId: poster });
    expect(await refusal(reportItem(reporter, item.id))).toBe(ReportError.ALREADY_REPORTED);
    expect(await refusal(report(reporter, { reportedCommentId: comment.id }))).toBe(ReportError.ALREADY_REPORTED);
    expect(await refusal(report(reporter, { reportedUserId: poster }))).toBe(ReportError.ALREADY_REPORTED);
    expect(await refusal(report(poster, { reportedUserId: poster }))).toBe(ReportError.SELF);
    expect(await refusal(report(poster, { reportedCommentId: comment.id }))).toBe(ReportError.SELF);
    expect(await refusal(report(reporter, { reportedCommentId: randomUUID() }))).toBe(ReportError.TARGET_NOT_FOUND);
  });

  it('hides a reported comment from everyone but its author, and a reported member’s items and comments', async () => {
    const poster = await world.member();
    const author = await world.member();
    const item = await world.post(poster);
    const comment = await world.get(CommentsService).create(item.id, author, 'Rude words here');
    await escalate({ reportedCommentId: comment.id });
    const comments = world.get(CommentsService);
    expect((await comments.list(item.id, poster)).map((c) => c.id)).not.toContain(comment.id);
    expect(await comments.list(item.id, author)).toEqual([expect.objectContaining({ id: comment.id, inReview: true })]);

    const member = await world.member();
    const theirs = await world.post(member);
    await escalate({ reportedUserId: member });
    expect(await visibleTo(theirs.id, poster)).toBe(false);
    expect(await items.byUser(member, poster)).toEqual([]);
    expect(await visibleTo(theirs.id, member)).toBe(true);
  });

  it('restores on approve; then five new reports within seven days are needed to hide it again', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    const first = [await verified(), await verified()];
    for (const r of first) await reportItem(r, item.id);
    const mod = await moderator();
    const open = await caseOf(item.id, 'open', mod);
    expect(open).toMatchObject({ targetType: 'item', hidden: true, openedBy: 'reports', content: { title: 'Oak bookshelf', photos: [item.imageUrl] } });
    expect(open.reports).toHaveLength(2);

    const decided = await sut.decide(open.id, { decision: 'approve', reason: 'A plain bookshelf' }, mod);
    expect(decided).toMatchObject({ status: 'decided', decision: { decision: 'approve', reason: 'A plain bookshelf' } });
    const stranger = await world.member();
    expect(await visibleTo(item.id, stranger)).toBe(true);
    expect((await notices(poster)).map((n) => n.kind)).toEqual(['held', 'restored']);
    expect(await refusal(sut.decide(open.id, { decision: 'remove', reason: 'Changed my mind' }, mod))).toBe(ModerationError.ALREADY_DECIDED);

    for (let i = 0; i < 4; i++) await reportItem(await verified(), item.id);
    expect(await visibleTo(item.id, stranger)).toBe(true);
    await reportItem(await verified(), item.id);
    expect(await visibleTo(item.id, stranger)).toBe(false);
  });

  it("ends the hold of an item it hides as nobody's fault, hands it to nobody in line, and keeps it hidden when the hold would have run out", async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    const [holder, waiting] = [await world.member(), await world.member()];
    await claims.claim(item.id, holder, null);
    await world.get(QueueService).join(item.id, waiting);

    await escalate({ reportedItemId: item.id });

    const row = async () =>
      (await world.db.query(`SELECT status, listed, in_review, reserved_by_id FROM items.items WHERE id = $1`, [item.id]))[0] as Record<string, unknown>;
    expect(await row()).toEqual({ status: 'available', listed: false, in_review: true, reserved_by_id: null });
    const holds = await world.db.query(`SELECT user_id, outcome FROM items.holds WHERE item_id = $1`, [item.id]);
    expect(holds).toEqual([{ user_id: holder, outcome: 'gone' }]);
    // A hold lapsing for any item while this one is in review: it stays hidden, and nobody in line gets it.
    await world.get(ExpiryScheduler).sweep();
    expect(await row()).toEqual({ status: 'available', listed: false, in_review: true, reserved_by_id: null });
    expect(await visibleTo(item.id, waiting)).toBe(false);
    // And a hold found lapsed on an item in review (written before holds ended with the review): out, still unlisted.
    await world.db.query(`UPDATE items.items SET status = 'first_dibs', reserved_by_id = $2, reserved_until = now() - interval '1 second' WHERE id = $1`, [
      item.id,
      holder,
    ]);
    await world.sweepLapsedHold(item.id);
    expect(await row()).toEqual({ status: 'available', listed: false, in_review: true, reserved_by_id: null });

    const mod = await moderator();
    await sut.decide((await caseOf(item.id, 'open', mod)).id, { decision: 'approve', reason: 'A plain bookshelf' }, mod);
    expect(await row()).toEqual({ status: 'available', listed: true, in_review: false, reserved_by_id: null });
  });

  it('keeps reported content as it was reported until a moderator decides: its author may delete it, not edit it', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    const author = await world.member();
    const comments = world.get(CommentsService);
    const comment = await comments.create(item.id, author, 'Rude words here');
    await escalate({ reportedItemId: item.id });
    await escalate({ reportedCommentId: comment.id });

    expect(await refusal(items.update(item.id, { title: 'A harmless title' }, poster))).toBe(ItemError.NOT_EDITABLE);
    expect(await refusal(comments.update(item.id, comment.id, author, 'Kind words'))).toBe(CommentError.IN_REVIEW);
    const mod = await moderator();
    const open = await caseOf(item.id, 'open', mod);
    expect(open.content).toMatchObject({ title: 'Oak bookshelf' });

    await comments.delete(item.id, comment.id, author);
    await items.delete(item.id, poster);
  });

  it('needs five new reports after a removal overturned on appeal, or a warning that let the post stay, as after an approval', async () => {
    const stranger = await world.member();
    const [decider, other] = [await moderator(), await moderator()];
    const hideAndDecide = async (itemId: string, decision: 'remove' | 'warn') => {
      for (const r of [await verified(), await verified()]) await reportItem(r, itemId);
      const open = await caseOf(itemId, 'open', decider);
      await sut.decide(open.id, { decision, reason: 'Looked at it' }, decider);
      return open;
    };

    const poster = await world.member();
    const appealed = await world.post(poster);
    const removal = await hideAndDecide(appealed.id, 'remove');
    await sut.appeal(removal.id, { reason: 'It is a plain bookshelf' }, poster);
    await sut.decide(removal.id, { decision: 'approve', reason: 'Overturned' }, other);
    expect(await visibleTo(appealed.id, stranger)).toBe(true);

    const warned = await world.post(poster);
    await hideAndDecide(warned.id, 'warn');
    expect(await visibleTo(warned.id, stranger)).toBe(true);

    for (const item of [appealed, warned]) {
      for (let i = 0; i < 4; i++) await reportItem(await verified(), item.id);
      expect(await visibleTo(item.id, stranger)).toBe(true);
      await reportItem(await verified(), item.id);
      expect(await visibleTo(item.id, stranger)).toBe(false);
    }
  });

  it('counts a reporter overruled three times in 90 days as half', async () => {
    const mod = await moderator();
    const serial = await verified();
    const poster = await world.member();
    for (let i = 0; i < 3; i++) {
      const item = await world.post(poster);
      await reportItem(serial, item.id);
      await reportItem(await verified(), item.id);
      await sut.decide((await caseOf(item.id, 'open', mod)).id, { decision: 'approve', reason: 'Nothing wrong' }, mod);
    }
    const item = await world.post(poster);
    await reportItem(serial, item.id);
    await reportItem(await verified(), item.id);
    expect(await visibleTo(item.id, poster)).toBe(true);
    expect(await visibleTo(item.id, await world.member())).toBe(true);
    await reportItem(await verified(), item.id);
    const open = await caseOf(item.id, 'open', mod);
    expect(open.reports.map((r) => r.weight).sort()).toEqual([0.5, 1, 1]);
  });

  it('removes through the removal path with the reason; the poster appeals once and another moderator decides', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    await escalate({ reportedItemId: item.id });
    const [decider, other] = [await moderator(), await moderator()];
    const open = await caseOf(item.id, 'open', decider);
    await sut.decide(open.id, { decision: 'remove', reason: 'Weapons are not allowed.' }, decider);
    expect(await visibleTo(item.id, poster)).toBe(false);
    const removed = (await world.emitted(Events.itemRemoved.subject)).filter((e) => e.itemId === item.id);
    expect(removed).toEqual([
      { itemId: item.id, posterId: poster, title: 'Oak bookshelf', reason: 'reported', note: 'Weapons are not allowed.', caseId: open.id },
    ]);

    expect(await refusal(sut.appeal(open.id, { reason: 'Not mine' }, await world.member()))).toBe(ModerationError.CASE_NOT_FOUND);
    await sut.appeal(open.id, { reason: 'It is a bookshelf' }, poster);
    expect(await refusal(sut.appeal(open.id, { reason: 'Again' }, poster))).toBe(ModerationError.APPEAL_NOT_ALLOWED);
    const appealed = await caseOf(item.id, 'appealed', other);
    expect(appealed).toMatchObject({ appeal: { reason: 'It is a bookshelf', outcome: null }, canDecide: true });
    expect((await caseOf(item.id, 'appealed', decider)).canDecide).toBe(false);
    expect(await refusal(sut.decide(open.id, { decision: 'approve', reason: 'Mine to fix' }, decider))).toBe(ModerationError.SAME_MODERATOR);
    expect(await refusal(sut.decide(open.id, { decision: 'warn', reason: 'Hmm' }, other))).toBe(ModerationError.APPEAL_DECISION);

    await sut.decide(open.id, { decision: 'approve', reason: 'The photo shows a bookshelf.' }, other);
    expect(await visibleTo(item.id, await world.member())).toBe(true);
    expect((await notices(poster)).map((n) => n.kind)).toEqual(['held', 'appeal_overturned']);
    expect((await notices(decider)).map((n) => n.kind)).toEqual(['appeal_decided']);
    expect((await caseOf(item.id, 'decided', other)).appeal).toMatchObject({ outcome: 'overturned', reply: 'The photo shows a bookshelf.' });
    // A warning cannot be appealed.
    const warned = await world.post(poster);
    await escalate({ reportedItemId: warned.id });
    const warnCase = await caseOf(warned.id, 'open', decider);
    await sut.decide(warnCase.id, { decision: 'warn', reason: 'Keep titles accurate' }, decider);
    expect(await visibleTo(warned.id, await world.member())).toBe(true);
    expect(await refusal(sut.appeal(warnCase.id, { reason: 'Why' }, poster))).toBe(ModerationError.APPEAL_NOT_ALLOWED);
  });

  it("keeps a moderator's own content out of their queue: another moderator decides it", async () => {
    const [mod, other] = [await moderator(), await moderator()];
    const item = await world.post(mod);
    await escalate({ reportedItemId: item.id });
    expect((await sut.cases({ status: 'open' }, mod)).map((c) => c.targetId)).not.toContain(item.id);
    const open = await caseOf(item.id, 'open', other);
    expect(open.canDecide).toBe(true);
    expect(await refusal(sut.decide(open.id, { decision: 'approve', reason: 'Mine is fine' }, mod))).toBe(ModerationError.SAME_MODERATOR);
    expect((await sut.decide(open.id, { decision: 'approve', reason: 'A plain bookshelf' }, other)).status).toBe('decided');
  });

  it('refuses every moderator call to a member who is not one', async () => {
    const member = await world.member();
    expect(await refusal(sut.cases({ status: 'open' }, member))).toBe(ModerationError.NOT_MODERATOR);
    expect(await refusal(sut.decide(randomUUID(), { decision: 'approve', reason: 'x' }, member))).toBe(ModerationError.NOT_MODERATOR);
  });

  it('keeps every moderator action in a log the database refuses to change or delete', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    await escalate({ reportedItemId: item.id });
    const mod = await moderator();
    const open = await caseOf(item.id, 'open', mod);
    await sut.decide(open.id, { decision: 'warn', reason: 'First warning' }, mod);
    expect(await world.db.query(`SELECT actor_id, action, reason FROM items.moderation_log WHERE case_id = $1`, [open.id])).toEqual([
      { actor_id: mod, action: 'warn', reason: 'First warning' },
    ]);
    await expect(world.db.query(`UPDATE items.moderation_log SET reason = 'edited' WHERE case_id = $1`, [open.id])).rejects.toThrow(/append-only/);
    await expect(world.db.query(`DELETE FROM items.moderation_log WHERE case_id = $1`, [open.id])).rejects.toThrow(/append-only/);
  });

  it('holds a post the checks are sure about, unannounced until a moderator restores it; flags a weaker hit and publishes it', async () => {
    const poster = await world.member();
    const held = await world.post(poster, {
      title: 'Free puppy',
      description: 'Just pay the $50 shipping fee with a gift card first',
      location: { lat: 21.3069, lng: -157.8583 },
    });
    expect(held.inReview).toBe(true);
    expect(await visibleTo(held.id, await world.member())).toBe(false);
    expect((await world.emitted(Events.itemPosted.subject)).filter((e) => e.itemId === held.id)).toEqual([]);
    const mod = await moderator();
    const open = await caseOf(held.id, 'open', mod);
    expect(open).toMatchObject({ openedBy: 'checks', hidden: true });
    expect(open.flags.length).toBeGreaterThan(0);
    expect(open.flags[0]).toMatchObject({ ruleId: expect.any(String), words: expect.any(Array), confidence: 'high' });
    await world.post(poster, { location: { lat: 40.7128, lng: -74.006 } });
    await sut.decide(open.id, { decision: 'approve', reason: 'A joke between neighbours' }, mod);
    // Announced as it was posted: the held post was the member's first, so their days are Honolulu's.
    expect((await world.emitted(Events.itemPosted.subject)).filter((e) => e.itemId === held.id)).toEqual([
      expect.objectContaining({ timeZone: 'Pacific/Honolulu', posterTimeZone: 'Pacific/Honolulu' }),
    ]);

    const flagged = await world.post(poster, { title: 'Fishing gear', description: 'Text me at 206-555-0147' });
    expect(flagged.inReview).toBeUndefined();
    expect(await visibleTo(flagged.id, await world.member())).toBe(true);
    expect(await caseOf(flagged.id, 'open', mod)).toMatchObject({ openedBy: 'checks', hidden: false });
  });

  it("reads every text a post shows: where to find it, and a garage sale's address and contact line", async () => {
    const poster = await world.member();
    const curb = await world.post(poster, { title: 'Desk', locationDescription: 'Send a $20 deposit by Zelle and I will leave it out' });
    expect(curb.inReview).toBe(true);
    const garageSale = (contact: string) => world.postGarageSale(poster, { garageSaleContactInfo: contact });
    expect((await garageSale('Zelle me a $20 deposit to hold your spot')).inReview).toBe(true);
    // A sale gives a phone number by design: published, and no case for it.
    const plain = await garageSale('Call 206-555-0147');
    expect(plain.inReview).toBeUndefined();
    expect(await world.db.query(`SELECT count(*)::int AS n FROM items.moderation_cases WHERE target_id = $1`, [plain.id])).toEqual([{ n: 0 }]);
  });
  it('announces a post the checks held from the start when an appeal overturns its removal', async () => {
    const poster = await world.member();
    const held = await world.post(poster, { title: 'Free puppy', description: 'Just pay the $50 shipping fee with a gift card first' });
    const [decider, other] = [await moderator(), await moderator()];
    const open = await caseOf(held.id, 'open', decider);
    await sut.decide(open.id, { decision: 'remove', reason: 'Looks like a scam' }, decider);
    expect((await world.emitted(Events.itemPosted.subject)).filter((e) => e.itemId === held.id)).toEqual([]);
    await sut.appeal(open.id, { reason: 'It was a joke' }, poster);
    await sut.decide(open.id, { decision: 'approve', reason: 'A joke between neighbours' }, other);
    expect(await visibleTo(held.id, await world.member())).toBe(true);
    expect((await world.emitted(Events.itemPosted.subject)).filter((e) => e.itemId === held.id)).toHaveLength(1);
  });

  it('does not take down twice what was gone before the decision, and lets no appeal bring it back', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    await escalate({ reportedItemId: item.id });
    const mod = await moderator();
    const open = await caseOf(item.id, 'open', mod);
    // Its poster deletes it while it waits for the moderator.
    await items.delete(item.id, poster).catch(async () => {
      await world.db.query(`UPDATE items.items SET status = 'removed', listed = false, removed_at = now() WHERE id = $1`, [item.id]);
    });
    await sut.decide(open.id, { decision: 'remove', reason: 'Not allowed' }, mod);
    expect((await world.emitted(Events.itemRemoved.subject)).filter((e) => e.itemId === item.id)).toEqual([]);
    expect((await notices(poster)).map((n) => n.kind)).toEqual(['held']);
    expect((await caseOf(item.id, 'decided', mod)).decision).toMatchObject({ decision: 'remove' });

    expect(await refusal(sut.appeal(open.id, { reason: 'Please look again' }, poster))).toBe(ModerationError.APPEAL_NOT_ALLOWED);
    const [row] = await world.db.query(`SELECT status FROM items.items WHERE id = $1`, [item.id]);
    expect(row.status).toBe('removed');
  });

  it('counts on the item only the comments readers can see: a held one from when it is held until it is restored', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    const comments = world.get(CommentsService);
    const count = async () => (await items.get(item.id, poster)).commentCount;
    await comments.create(item.id, await world.member(), 'Still there at noon');
    const rude = await comments.create(item.id, await world.member(), 'Rude words here');
    expect(await count()).toBe(2);
    await escalate({ reportedCommentId: rude.id });
    expect(await count()).toBe(1);
    const mod = await moderator();
    const open = await caseOf(rude.id, 'open', mod);
    await sut.decide(open.id, { decision: 'approve', reason: 'Blunt, not rude' }, mod);
    expect(await count()).toBe(2);

    const removed = await comments.create(item.id, await world.member(), 'Spam spam spam');
    await escalate({ reportedCommentId: removed.id });
    expect(await count()).toBe(2);
    await sut.decide((await caseOf(removed.id, 'open', mod)).id, { decision: 'remove', reason: 'Spam' }, mod);
    expect(await count()).toBe(2);
  });

  it('lets a report and a decision on the same target run at once without waiting on each other', async () => {
    const mod = await moderator();
    const poster = await world.member();
    for (let round = 0; round < 10; round++) {
      // A weak hit of the checks: published, with an open case that the second report adds to as it hides the post.
      const item = await world.post(poster, { title: 'Fishing gear', description: 'Text me at 206-555-0147' });
      await reportItem(await verified(), item.id);
      const open = await caseOf(item.id, 'open', mod);
      const second = await verified();
      // Taking the two locks in opposite orders would make Postgres abort one of these transactions (40P01).
      const results = await Promise.allSettled([sut.decide(open.id, { decision: 'warn', reason: 'Keep numbers off posts' }, mod), reportItem(second, item.id)]);
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);
    }
  });
  it('an overturned member removal brings back what that removal took down, and nothing another case removed', async () => {
    const member = await world.member();
    const [kept, removedAlone] = [await world.post(member), await world.post(member)];
    const elsewhere = await world.post(await world.member());
    const comment = await world.get(CommentsService).create(elsewhere.id, member, 'Still there at six');
    const searches = world.get(SavedSearchesService);
    const wanted = await searches.create({ query: 'bookshelf', radius: 5, location: { lat: 44.9, lng: -93.2, label: 'Home' }, isPublic: true }, member);
    const [decider, other] = [await moderator(), await moderator()];
    // One post removed on a case of its own first: the member's appeal does not bring that back.
    await escalate({ reportedItemId: removedAlone.id });
    await sut.decide((await caseOf(removedAlone.id, 'open', decider)).id, { decision: 'remove', reason: 'Not an item' }, decider);

    await escalate({ reportedUserId: member });
    const memberCase = await caseOf(member, 'open', decider);
    await sut.decide(memberCase.id, { decision: 'remove', reason: 'Spam account' }, decider);
    const viewer = await world.member();
    const commentsSeen = async () => (await world.get(CommentsService).list(elsewhere.id, viewer)).map((c) => c.id);
    const wantedSeen = async () => (await searches.wanted({ lat: 44.9, lng: -93.2, radius: 2 }, viewer)).posts.map((p) => p.id);
    const commentCount = async () => (await items.get(elsewhere.id, viewer)).commentCount;
    expect(await visibleTo(kept.id, viewer)).toBe(false);
    expect(await commentsSeen()).not.toContain(comment.id);
    expect(await commentCount()).toBe(0);
    expect(await wantedSeen()).not.toContain(wanted.id);

    await sut.appeal(memberCase.id, { reason: 'I only post real things' }, member);
    await sut.decide(memberCase.id, { decision: 'approve', reason: 'A real neighbour' }, other);
    expect(await visibleTo(kept.id, viewer)).toBe(true);
    expect(await commentsSeen()).toContain(comment.id);
    expect(await commentCount()).toBe(1);
    expect(await wantedSeen()).toContain(wanted.id);
    expect(await visibleTo(removedAlone.id, viewer)).toBe(false);
  });

  it('keeps a member a newer open case hides hidden when the appeal of an older removal is overturned', async () => {
    const member = await world.member();
    const post = await world.post(member);
    const [decider, other] = [await moderator(), await moderator()];
    await escalate({ reportedUserId: member });
    const first = await caseOf(member, 'open', decider);
    await sut.decide(first.id, { decision: 'remove', reason: 'Spam account' }, decider);
    await sut.appeal(first.id, { reason: 'I only post real things' }, member);
    // Reported again while the appeal waits: a new case hides the member.
    await escalate({ reportedUserId: member });
    const second = await caseOf(member, 'open', decider);
    expect(second.id).not.toBe(first.id);

    await sut.decide(first.id, { decision: 'approve', reason: 'A real neighbour' }, other);

    // The post the first removal took down is back, and hidden with its member until the newer case is decided.
    const viewer = await world.member();
    expect(await visibleTo(post.id, viewer)).toBe(false);
    await sut.decide(second.id, { decision: 'approve', reason: 'Nothing wrong' }, decider);
    expect(await visibleTo(post.id, viewer)).toBe(true);
  });

  it('announces a post once: restoring one that neighbours already heard of does not alert them again', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    await escalate({ reportedItemId: item.id });
    const mod = await moderator();
    await sut.decide((await caseOf(item.id, 'open', mod)).id, { decision: 'approve', reason: 'A plain bookshelf' }, mod);
    expect(await visibleTo(item.id, await world.member())).toBe(true);
    expect((await world.emitted<{ itemId: string }>(Events.itemPosted.subject)).filter((e) => e.itemId === item.id)).toHaveLength(1);
  });
});
