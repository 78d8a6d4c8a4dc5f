import { Events, MESSAGES_PER_HOUR, MessageError, SCAM_WARNING } from '@curbside/contracts';
import { BlocksRepository } from '../src/blocks/blocks.repository';
import { ClaimsService } from '../src/claims/claims.service';
import { EngagementService } from '../src/engagement/engagement.service';
import { MessagesService } from '../src/messages/messages.service';
import { ItemsWorld, refusal, startItemsWorld } from './items-world';

/** Handover messages on the real PostgreSQL: who is in a thread, the hourly limit, scam warnings and refusals, meet-at answers. */
describe(MessagesService.name, () => {
  let world: ItemsWorld;
  let sut: MessagesService;

  beforeAll(async () => {
    world = await startItemsWorld();
    sut = world.get(MessagesService);
  });
  afterAll(() => world?.stop());

  /** A posted item held by a member: the pair that may talk. */
  const heldItem = async () => {
    const poster = await world.member({ username: 'paula' });
    const holder = await world.member({ username: 'hank' });
    const item = await world.post(poster);
    await world.get(ClaimsService).claim(item.id, holder, null);
    return { poster, holder, item };
  };

  it('lets the poster and the holder talk, tells the recipient, and shows the thread only to them', async () => {
    const { poster, holder, item } = await heldItem();
    const stranger = await world.member();

    const sent = await sut.send(item.id, holder, { text: 'On my way, 10 minutes' });
    const reply = await sut.send(item.id, poster, { text: 'It is by the blue fence' });

    expect(sent).toMatchObject({ mine: true, text: 'On my way, 10 minutes', warning: null, meetAt: null });
    const posterView = await sut.thread(item.id, poster, undefined);
    expect(posterView).toMatchObject({ memberId: holder, otherName: 'hank', canWrite: true });
    expect(posterView.messages.map((m) => [m.text, m.mine])).toEqual([
      ['On my way, 10 minutes', false],
      ['It is by the blue fence', true],
    ]);
    expect((await sut.thread(item.id, holder, undefined)).otherName).toBe('paula');
    const events = (await world.emitted<{ messageId: string; recipientId: string; authorId: string }>(Events.handoverMessage.subject)).filter(
      (e) => e.messageId === sent.id || e.messageId === reply.id,
    );
    expect(events.map((e) => [e.authorId, e.recipientId])).toEqual([
      [holder, poster],
      [poster, holder],
    ]);

    // A third member: nothing there, the same as a thread that does not exist, whichever way they ask.
    expect(await refusal(sut.thread(item.id, stranger, undefined))).toBe(MessageError.NOT_FOUND);
    expect(await refusal(sut.thread(item.id, stranger, holder))).toBe(MessageError.NOT_FOUND);
    expect(await refusal(sut.send(item.id, stranger, { text: 'hi' }))).toBe(MessageError.NOT_FOUND);
    expect(await refusal(sut.send(item.id, stranger, { text: 'hi', to: holder }))).toBe(MessageError.NOT_FOUND);
    expect(await refusal(sut.thread(item.id, poster, stranger))).toBe(MessageError.NOT_FOUND);
  });

  it('has no thread on an item nobody holds', async () => {
    const poster = await world.member();
    const member = await world.member();
    const item = await world.post(poster);
    expect(await refusal(sut.thread(item.id, poster, undefined))).toBe(MessageError.NOT_FOUND);
    expect(await refusal(sut.send(item.id, member, { text: 'Still there?' }))).toBe(MessageError.NOT_FOUND);
  });

  it(`counts ${MESSAGES_PER_HOUR} messages an hour per member; the next is refused with when to retry`, async () => {
    const { poster, holder, item } = await heldItem();
    await world.db.query(
      `INSERT INTO items.handover_messages (id, item_id, member_id, author_id, recipient_id, body, created_at)
       SELECT gen_random_uuid(), $1, $2, $2, $3, 'earlier', now() - interval '59 minutes' + n * interval '1 second' FROM generate_series(1, $4) n`,
      [item.id, holder, poster, MESSAGES_PER_HOUR - 1],
    );
    await sut.send(item.id, holder, { text: 'number 30' });
    const refused = await sut.send(item.id, holder, { text: 'number 31' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: MessageError.RATE_LIMITED });
    const retryAfter = (refused as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(61);
    // The other side has their own count.
    await sut.send(item.id, poster, { text: 'no rush' });
  });

  it('warns the recipient of a message that may ask for money; holds one that surely does; refuses one asking for a sign-in code', async () => {
    const { poster, holder, item } = await heldItem();

    const sent = await sut.send(item.id, poster, { text: 'Could you bring $5 for gas?' });
    expect(sent.warning).toBeNull();
    const seen = (await sut.thread(item.id, holder, undefined)).messages.find((m) => m.id === sent.id);
    expect(seen?.warning).toBe(SCAM_WARNING);
    const [{ scam_flags }] = await world.db.query(`SELECT scam_flags FROM items.handover_messages WHERE id = $1`, [sent.id]);
    expect(scam_flags).toEqual(['scam.money']);

    // A high-confidence hit waits for a moderator: its author sees it held, its recipient nothing.
    const held = await sut.send(item.id, poster, { text: 'Send a $5 deposit by Zelle first' });
    expect(held.inReview).toBe(true);
    expect((await sut.thread(item.id, poster, holder)).messages.map((m) => m.id)).toContain(held.id);
    expect((await sut.thread(item.id, holder, undefined)).messages.map((m) => m.id)).toEqual([sent.id]);
    const [{ scam_flags: heldFlags }] = await world.db.query(`SELECT scam_flags FROM items.handover_messages WHERE id = $1`, [held.id]);
    expect(heldFlags).toEqual(expect.arrayContaining(['scam.money', 'scam.deposit', 'scam.payment-app']));

    expect(await refusal(sut.send(item.id, poster, { text: 'What is your sign-in code?' }))).toBe(MessageError.REFUSED);
    expect((await sut.thread(item.id, holder, undefined)).messages).toHaveLength(1);
  });

  it('lets only the other side answer a meet-at proposal, once, and tells the proposer', async () => {
    const { poster, holder, item } = await heldItem();
    const proposal = await sut.send(item.id, holder, { text: 'Can we meet?', meetAt: { time: '2026-11-24T18:30:00Z', place: 'Corner of 5th and Pine' } });
    expect(proposal.meetAt).toEqual({ time: '2026-11-24T18:30:00.000Z', place: 'Corner of 5th and Pine', status: 'proposed' });

    expect(await refusal(sut.answerMeetAt(item.id, proposal.id, holder, 'accepted'))).toBe(MessageError.CANNOT_ANSWER);
    const accepted = await sut.answerMeetAt(item.id, proposal.id, poster, 'accepted');
    expect(accepted.meetAt?.status).toBe('accepted');
    expect(await refusal(sut.answerMeetAt(item.id, proposal.id, poster, 'declined'))).toBe(MessageError.CANNOT_ANSWER);
    const answers = (await world.emitted<{ messageId: string; kind: string; recipientId: string }>(Events.handoverMessage.subject)).filter(
      (e) => e.messageId === proposal.id,
    );
    expect(answers.map((e) => [e.kind, e.recipientId])).toEqual([
      ['message', poster],
      ['meet_at_accepted', holder],
    ]);
  });

  it('keeps the thread readable but closed once the hold ends, and gone 90 days after the item closed', async () => {
    const { poster, holder, item } = await heldItem();
    await sut.send(item.id, holder, { text: 'Be there soon' });
    await world.db.query(
      `UPDATE items.items SET status = 'expired', reserved_by_id = NULL, listed = false, expires_at = now() - interval '1 day' WHERE id = $1`,
      [item.id],
    );

    expect((await sut.thread(item.id, holder, undefined)).canWrite).toBe(false);
    expect((await sut.thread(item.id, poster, holder)).messages).toHaveLength(1);
    expect(await refusal(sut.send(item.id, holder, { text: 'hello?' }))).toBe(MessageError.CLOSED);

    await world.db.query(`UPDATE items.items SET expires_at = now() - interval '91 days' WHERE id = $1`, [item.id]);
    expect(await refusal(sut.thread(item.id, holder, undefined))).toBe(MessageError.NOT_FOUND);
    expect(await sut.purgeExpired()).toBeGreaterThanOrEqual(1);
    const [{ left }] = await world.db.query(`SELECT count(*)::int AS left FROM items.handover_messages WHERE item_id = $1`, [item.id]);
    expect(left).toBe(0);
  });

  it("lists a garage sale's threads to its poster only: one per member who wrote, newest first, with who spoke last", async () => {
    const poster = await world.member({ username: 'gina' });
    const [anna, ben, blocked, blocker, stranger] = [
      await world.member({ username: 'anna' }),
      await world.member({ username: 'ben' }),
      await world.member(),
      await world.member(),
      await world.member(),
    ];
    const sale = await world.postGarageSale(poster);
    for (const member of [anna, ben, blocked, blocker]) await world.get(EngagementService).toggleInterest(sale.id, member);
    expect(await sut.threads(sale.id, poster)).toEqual([]);

    await sut.send(sale.id, anna, { text: 'Is the lamp still there?' });
    await sut.send(sale.id, poster, { text: 'Yes, come by', to: anna });
    await sut.send(sale.id, blocked, { text: 'Hello' });
    await sut.send(sale.id, blocker, { text: 'Hi' });
    await sut.send(sale.id, poster, { text: 'Come by', to: blocker });
    await sut.send(sale.id, ben, { text: 'What time do you open?' });
    await world.db.query(`INSERT INTO items.blocks (blocker_id, blocked_id, blocked, version) VALUES ($1, $2, true, 1)`, [poster, blocked]);
    expect(await world.get(BlocksRepository).isBlocked(poster, blocked)).toBe(true);
    // A member who blocked the poster hears no more from them: the thread is gone for both, as if it had never been.
    await world.db.query(`INSERT INTO items.blocks (blocker_id, blocked_id, blocked, version) VALUES ($1, $2, true, 1)`, [blocker, poster]);
    expect(await refusal(sut.send(sale.id, poster, { text: 'Why did you leave?', to: blocker }))).toBe(MessageError.NOT_FOUND);
    expect(await refusal(sut.thread(sale.id, poster, blocker))).toBe(MessageError.NOT_FOUND);
    expect(await refusal(sut.send(sale.id, blocker, { text: 'Bye' }))).toBe(MessageError.NOT_FOUND);

    const threads = await sut.threads(sale.id, poster);
    expect(threads.map((t) => [t.memberId, t.name, t.count, t.awaitingReply])).toEqual([
      [ben, 'ben', 1, true],
      [anna, 'anna', 2, false],
    ]);
    expect(Date.parse(threads[0].lastMessageAt)).toBeGreaterThanOrEqual(Date.parse(threads[1].lastMessageAt));
    // Each listed thread opens as the poster's thread with that member.
    expect((await sut.thread(sale.id, poster, ben)).messages.map((m) => m.text)).toEqual(['What time do you open?']);

    // Anyone but the poster: the same answer as a thread that is not there.
    for (const caller of [anna, ben, stranger]) expect(await refusal(sut.threads(sale.id, caller))).toBe(MessageError.NOT_FOUND);
    expect(await refusal(sut.threads('00000000-0000-4000-8000-000000000000', poster))).toBe(MessageError.NOT_FOUND);
  });
});
