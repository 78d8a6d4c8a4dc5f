import { Comment, ErrorCode, Item, ItemError, ModerationCase, ModerationError, Notification, ReportError, SavedSearch, WantedPost } from '@curbside/contracts';
import { ApiClient, waitFor } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import { dataSourceOf, Neighbour, newNeighbour, postWithPhoto, STACK_MODES, stackForTests } from './stack-modes';

const HERE = { lat: 37.7749, lng: -122.4194 };

/**
 * Moderation through the gateway in both modes (docs/product-rules.md, Moderation): reports that escalate to
 * pending review, the review queue's restore, remove and appeal, the automated checks' hold, the moderator role
 * checked on every review route, and the moderator log that the database keeps append-only.
 */
describe.each(STACK_MODES)('moderation, $name', (mode) => {
  let stack: RunningStack;
  let api: ApiClient;

  const neighbour = () => newNeighbour(stack, api);
  const items = () => dataSourceOf(stack, 'items');
  /** A verified member as the items service knows them (the users service's verification is tested on its own). */
  const verified = async () => {
    const member = await neighbour();
    await items().query('UPDATE items.posters SET is_verified = true WHERE user_id = $1', [member.user.id]);
    return member;
  };
  const moderator = async () => {
    const member = await neighbour();
    await dataSourceOf(stack, 'users').query('UPDATE users.users SET is_moderator = true WHERE id = $1', [member.user.id]);
    return member;
  };
  const post = async (member: Neighbour, title: string, description = 'Solid and clean') => {
    return postWithPhoto(member.browser, { title, description, location: HERE });
  };
  const report = (member: Neighbour, target: Record<string, string>) =>
    member.browser.post<{ success: boolean }>('/api/reports', { reportType: 'inappropriate', reason: 'Looks wrong', ...target });
  const caseOf = async (mod: Neighbour, targetId: string, status = 'open') => {
    const answer = await mod.browser.get<ModerationCase[]>(`/api/moderation/cases?status=${status}`);
    expect(answer.status).toBe(200);
    const found = answer.body.find((c) => c.targetId === targetId);
    if (!found) throw new Error(`no ${status} case for ${targetId}`);
    return found;
  };
  const notified = (member: Neighbour, title: string) =>
    waitFor(
      async () => {
        const list = (await member.browser.get<Notification[]>(`/api/notifications/${member.user.id}`)).body;
        return list.find((n) => n.title === title) ?? false;
      },
      { what: `"${title}" notification` },
    );

  stackForTests(mode, { RATE_LIMIT_WRITES_PER_MINUTE: '1000' }, (started) => ({ stack, api } = started));

  it('hides an item two verified members reported; a moderator restores it from the queue and its poster sees it back', async () => {
    const [poster, stranger, mod] = [await neighbour(), await neighbour(), await moderator()];
    const item = await post(poster, 'Oak chair');
    expect(await report(await verified(), { reportedItemId: item.id })).toMatchObject({ status: 201, body: { success: true } });
    expect((await stranger.browser.get(`/api/items/${item.id}`)).status).toBe(200);
    await report(await verified(), { reportedItemId: item.id });

    expect(await stranger.browser.get(`/api/items/${item.id}`)).toMatchObject({ status: 404, body: { code: ItemError.NOT_FOUND } });
    expect((await stranger.browser.get<Item[]>(`/api/items?lat=${HERE.lat}&lng=${HERE.lng}&radius=5`)).body.map((i) => i.id)).not.toContain(item.id);
    expect((await poster.browser.get<Item>(`/api/items/${item.id}`)).body).toMatchObject({ id: item.id, inReview: true });
    expect((await notified(poster, 'Held for Review')).message).toContain('Several neighbours reported it');

    const open = await caseOf(mod, item.id);
    expect(open).toMatchObject({
      targetType: 'item',
      hidden: true,
      openedBy: 'reports',
      content: { title: 'Oak chair', photos: [item.imageUrl] },
      canDecide: true,
    });
    expect(open.reports).toHaveLength(2);
    expect(open.subject).toMatchObject({ id: poster.user.id, history: { posts: 1, removals: 0 } });

    const restored = await mod.browser.post<ModerationCase>(`/api/moderation/cases/${open.id}/decision`, { decision: 'approve', reason: 'An ordinary chair' });
    expect(restored).toMatchObject({ status: 200, body: { status: 'decided', decision: { decision: 'approve', reason: 'An ordinary chair' } } });
    expect((await stranger.browser.get(`/api/items/${item.id}`)).status).toBe(200);
    expect((await poster.browser.get<Item>(`/api/items/${item.id}`)).body.inReview).toBeUndefined();
    expect((await notified(poster, 'Back Up')).message).toContain('An ordinary chair');
    expect(await mod.browser.post(`/api/moderation/cases/${open.id}/decision`, { decision: 'remove', reason: 'Again' })).toMatchObject({
      status: 409,
      body: { code: ModerationError.ALREADY_DECIDED },
    });
    expect((await caseOf(mod, item.id, 'decided')).decision).toMatchObject({ decision: 'approve' });
  }, 60_000);

  it('removes a reported comment with a reason; its author appeals once and another moderator restores it', async () => {
    const [poster, author, decider, other] = [await neighbour(), await neighbour(), await moderator(), await moderator()];
    const item = await post(poster, 'Bike rack');
    const comment = (await author.browser.post<Comment>(`/api/items/${item.id}/comments`, { content: 'Pick it up before dark' })).body;
    await report(await verified(), { reportedItemId: item.id, reportedCommentId: comment.id });
    await report(await verified(), { reportedItemId: item.id, reportedCommentId: comment.id });
    expect((await poster.browser.get<Comment[]>(`/api/items/${item.id}/comments`)).body.map((c) => c.id)).not.toContain(comment.id);

    const open = await caseOf(decider, comment.id);
    expect(open).toMatchObject({ targetType: 'comment', itemId: item.id, content: { title: 'Bike rack', text: 'Pick it up before dark' } });
    expect(await decider.browser.post(`/api/moderation/cases/${open.id}/decision`, { decision: 'remove', reason: '  ' })).toMatchObject({
      status: 400,
      body: { code: ErrorCode.VALIDATION_FAILED },
    });
    expect((await decider.browser.post(`/api/moderation/cases/${open.id}/decision`, { decision: 'remove', reason: 'Harassment is not allowed.' })).status).toBe(
      200,
    );
    expect((await notified(author, 'Taken Down')).message).toContain('Harassment is not allowed.');

    expect(await poster.browser.post(`/api/moderation/cases/${open.id}/appeal`, { reason: 'Not mine' })).toMatchObject({
      status: 404,
      body: { code: ModerationError.CASE_NOT_FOUND },
    });
    expect(await author.browser.post(`/api/moderation/cases/${open.id}/appeal`, { reason: 'It was a friendly reminder' })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(await author.browser.post(`/api/moderation/cases/${open.id}/appeal`, { reason: 'Again' })).toMatchObject({
      status: 409,
      body: { code: ModerationError.APPEAL_NOT_ALLOWED },
    });
    expect(await decider.browser.post(`/api/moderation/cases/${open.id}/decision`, { decision: 'approve', reason: 'My own call' })).toMatchObject({
      status: 409,
      body: { code: ModerationError.SAME_MODERATOR },
    });
    expect(await other.browser.post(`/api/moderation/cases/${open.id}/decision`, { decision: 'warn', reason: 'Hmm' })).toMatchObject({
      status: 400,
      body: { code: ModerationError.APPEAL_DECISION },
    });
    expect((await caseOf(other, comment.id, 'appealed')).appeal).toMatchObject({ reason: 'It was a friendly reminder', outcome: null });
    expect((await other.browser.post(`/api/moderation/cases/${open.id}/decision`, { decision: 'approve', reason: 'A friendly reminder' })).status).toBe(200);
    expect((await poster.browser.get<Comment[]>(`/api/items/${item.id}/comments`)).body.map((c) => c.id)).toContain(comment.id);
    expect((await notified(author, 'Appeal Accepted')).message).toContain('A friendly reminder');
    expect((await notified(decider, 'Appeal Decided')).message).toContain('A friendly reminder');
  }, 60_000);

  it('holds a post the checks are sure about and tells its poster why', async () => {
    const [poster, stranger, mod] = [await neighbour(), await neighbour(), await moderator()];
    const held = await post(poster, 'Free kitten', 'Pay the shipping fee with a gift card and my courier brings it');
    expect(held.inReview).toBe(true);
    expect((await stranger.browser.get(`/api/items/${held.id}`)).status).toBe(404);
    expect((await notified(poster, 'Held for Review')).message).toContain('automatic checks');
    const open = await caseOf(mod, held.id);
    expect(open).toMatchObject({ openedBy: 'checks', hidden: true });
    expect(open.flags[0]).toMatchObject({ ruleId: expect.stringMatching(/^scam\./), confidence: 'high', words: expect.arrayContaining([expect.any(String)]) });
  }, 60_000);

  it('runs every named rule on posts: a hit holds (high) or flags (low) naming the rule, its near-miss passes untouched', async () => {
    const [poster, mod] = [await neighbour(), await moderator()];
    // [title, description, the rule that must hit, its confidence]; the texts come from the rules' labelled corpus.
    const hits: [string, string, string, 'high' | 'low'][] = [
      ['Free printer', 'Message me your sign-in code to claim it', 'scam.sign-in-code', 'high'],
      ['Free desk', 'Read me the code I texted you and it is yours', 'scam.sms-code', 'high'],
      ['Free couch', 'Send a $50 deposit by gift card to hold it', 'scam.gift-card', 'high'],
      ['Free bike', 'I need a small deposit to hold it', 'scam.deposit', 'high'],
      ['Free laptop', 'First to Venmo me $15 gets it', 'scam.payment-app', 'high'],
      ['Free TV', 'Just cover the shipping fee and my courier brings it', 'scam.courier', 'high'],
      ['Free dresser', 'Send USDT to my wallet address', 'scam.crypto', 'high'],
      ['Free PS4', 'Message me on WhatsApp', 'scam.off-app', 'low'],
      ['Hunting rifle', 'Comes with a box of ammo', 'prohibited.weapons', 'high'],
      ['Leftover weed edibles', 'Gummies, sealed', 'prohibited.drugs', 'high'],
      ['Bottle of wine, unopened', 'A red from a gift basket', 'prohibited.alcohol', 'low'],
      ['Disposable vapes', 'Three left, mint', 'prohibited.tobacco', 'low'],
      ['Adderall', 'Ten pills, my old prescription', 'prohibited.medication', 'high'],
      ['Drop-side crib', 'White, great shape', 'prohibited.recalled', 'high'],
    ];
    const nearMisses: [string, string][] = [
      ['Free printer', 'The lobby door code is on the sign'],
      ['Free desk', 'Zip code 94110 if you need it for maps'],
      ['Amazon Echo', 'Works, the card with the setup code is in the box'],
      ['Free piano', 'No deposit, no fee, just bring three friends'],
      ['Vintage cash register', 'Mechanical, keys stick a little'],
      ['Shipping boxes', 'Leftover from our move, clean and dry'],
      ['Leather wallet', 'Brown bifold, never used'],
      ['Cell signal booster', 'For a car, with the antenna'],
      ['Hot glue gun', 'With 40 sticks'],
      ['Ryobi weed trimmer', 'Needs a new spool'],
      ['Oak wine rack', 'Holds 24 bottles'],
      ['Cigar box guitar kit', 'Unbuilt, all parts there'],
      ['Medicine cabinet', 'Mirror door, one hinge squeaks'],
      ['Total Recall DVD', 'The 1990 original'],
      ['Knife block', 'Bamboo, no knives'],
    ];
    const posted = async (title: string, description: string) => {
      const answer = await poster.browser.post<Item>('/api/items', { title, description, category: 'Other', location: HERE });
      expect(answer.status).toBe(201);
      return answer.body;
    };
    // One after another, as a member posts: thirty posts at once would meet the gateway's admission gate on a busy machine.
    const held: { ruleId: string; confidence: 'high' | 'low'; item: Item }[] = [];
    for (const [title, description, ruleId, confidence] of hits) held.push({ ruleId, confidence, item: await posted(title, description) });
    const clean: Item[] = [];
    for (const [title, description] of nearMisses) clean.push(await posted(title, description));

    const cases = (await mod.browser.get<ModerationCase[]>('/api/moderation/cases?status=open')).body;
    for (const { ruleId, confidence, item } of held) {
      expect({ ruleId, inReview: item.inReview === true }).toEqual({ ruleId, inReview: confidence === 'high' });
      const found = cases.find((c) => c.targetId === item.id);
      expect(found?.flags).toEqual(
        expect.arrayContaining([expect.objectContaining({ ruleId, confidence, source: 'rules', words: expect.arrayContaining([expect.any(String)]) })]),
      );
    }
    for (const item of clean) {
      expect({ title: item.title, inReview: item.inReview === true, case: cases.some((c) => c.targetId === item.id) }).toEqual({
        title: item.title,
        inReview: false,
        case: false,
      });
    }
  }, 60_000);

  it('checks and reports wanted posts: a sure hit is held, two verified reports hide one, a moderator takes it down', async () => {
    const [heldAuthor, author, stranger, mod] = [await neighbour(), await neighbour(), await neighbour(), await moderator()];
    const at = { lat: HERE.lat + 0.3, lng: HERE.lng };
    const want = (member: Neighbour, query: string) =>
      member.browser.post<SavedSearch>('/api/saved-searches', { query, radius: 5, location: at, isPublic: true });
    const listed = async (member: Neighbour) =>
      (await member.browser.get<WantedPost[]>(`/api/wanted?lat=${at.lat}&lng=${at.lng}&radius=2`)).body.map((p) => p.id);

    const held = await want(heldAuthor, 'rifle ammo');
    expect(held).toMatchObject({ status: 201, body: { inReview: true } });
    expect(await listed(stranger)).not.toContain(held.body.id);
    expect(await listed(heldAuthor)).toContain(held.body.id);
    expect((await notified(heldAuthor, 'Held for Review')).message).toMatch(/^Your wanted post "rifle ammo" is hidden .*weapons or ammunition/);
    expect(await caseOf(mod, held.body.id)).toMatchObject({ targetType: 'wanted', openedBy: 'checks', hidden: true, content: { text: 'rifle ammo' } });

    const post = (await want(author, 'baby crib')).body;
    expect(await listed(stranger)).toContain(post.id);
    expect(await report(author, { reportedWantedId: post.id })).toMatchObject({ status: 400, body: { code: ReportError.SELF } });
    expect(await report(stranger, { reportedWantedId: 'not-an-id' })).toMatchObject({ status: 400, body: { code: ErrorCode.VALIDATION_FAILED } });
    expect((await report(await verified(), { reportedWantedId: post.id })).status).toBe(201);
    expect((await report(await verified(), { reportedWantedId: post.id })).status).toBe(201);
    expect(await listed(stranger)).not.toContain(post.id);
    expect(await report(stranger, { reportedWantedId: post.id })).toMatchObject({ status: 404, body: { code: ReportError.TARGET_NOT_FOUND } });

    const open = await caseOf(mod, post.id);
    expect(open).toMatchObject({ targetType: 'wanted', openedBy: 'reports', content: { text: 'baby crib', status: 'held' }, subject: { id: author.user.id } });
    expect(open.content.title).toMatch(/^Wanted near /);
    expect(open.reports).toHaveLength(2);
    const removed = await mod.browser.post<ModerationCase>(`/api/moderation/cases/${open.id}/decision`, { decision: 'remove', reason: 'Not a real request' });
    expect(removed).toMatchObject({ status: 200, body: { decision: { decision: 'remove' } } });
    expect((await notified(author, 'Taken Down')).message).toContain('Not a real request');
    expect(await listed(author)).not.toContain(post.id);

    // New words are read again: a sure hit hides the post it was not before.
    const editor = await neighbour();
    const edited = (await want(editor, 'garden hose')).body;
    expect(await listed(stranger)).toContain(edited.id);
    expect(await editor.browser.request('PATCH', `/api/saved-searches/${edited.id}`, {})).toMatchObject({
      status: 400,
      body: { code: ErrorCode.VALIDATION_FAILED },
    });
    expect(await editor.browser.request<SavedSearch>('PATCH', `/api/saved-searches/${edited.id}`, { query: 'garden hose and a rifle' })).toMatchObject({
      status: 200,
      body: { query: 'garden hose and a rifle' },
    });
    expect(await listed(stranger)).not.toContain(edited.id);
    expect((await notified(editor, 'Held for Review')).message).toContain('garden hose and a rifle');
  }, 60_000);

  it('reports members once each; refuses reporting yourself and reports without a target', async () => {
    const [reporter, member] = [await neighbour(), await neighbour()];
    expect((await report(reporter, { reportedUserId: member.user.id })).status).toBe(201);
    expect(await report(reporter, { reportedUserId: member.user.id })).toMatchObject({ status: 409, body: { code: ReportError.ALREADY_REPORTED } });
    expect(await report(reporter, { reportedUserId: reporter.user.id })).toMatchObject({ status: 400, body: { code: ReportError.SELF } });
    expect(await report(reporter, {})).toMatchObject({ status: 400, body: { code: ErrorCode.VALIDATION_FAILED } });
  });

  it('refuses every review route to members who are not moderators, and to nobody signed in', async () => {
    const member = await neighbour();
    const anyCase = '00000000-0000-4000-8000-000000000000';
    expect(await member.browser.get('/api/moderation/cases')).toMatchObject({ status: 403, body: { code: ModerationError.NOT_MODERATOR } });
    expect(await member.browser.get('/api/moderation/cases?status=appealed')).toMatchObject({ status: 403, body: { code: ModerationError.NOT_MODERATOR } });
    expect(await member.browser.post(`/api/moderation/cases/${anyCase}/decision`, { decision: 'approve', reason: 'Fine' })).toMatchObject({
      status: 403,
      body: { code: ModerationError.NOT_MODERATOR },
    });
    const nobody = api.anotherBrowser();
    expect(await nobody.get('/api/moderation/cases')).toMatchObject({ status: 401, body: { code: ErrorCode.UNAUTHENTICATED } });
    expect(await nobody.post(`/api/moderation/cases/${anyCase}/appeal`, { reason: 'x' })).toMatchObject({ status: 401 });
    const mod = await moderator();
    expect(await mod.browser.get('/api/moderation/cases?status=everything')).toMatchObject({ status: 400, body: { code: ErrorCode.VALIDATION_FAILED } });
    expect(await mod.browser.post(`/api/moderation/cases/${anyCase}/decision`, { decision: 'approve', reason: 'Fine' })).toMatchObject({
      status: 404,
      body: { code: ModerationError.CASE_NOT_FOUND },
    });
  });

  it('keeps the moderator log append-only: the database refuses updates and deletes', async () => {
    const [{ n }] = await items().query('SELECT count(*)::int AS n FROM items.moderation_log');
    expect(n).toBeGreaterThan(0);
    await expect(items().query(`UPDATE items.moderation_log SET reason = 'rewritten'`)).rejects.toThrow(/append-only/);
    await expect(items().query(`DELETE FROM items.moderation_log`)).rejects.toThrow(/append-only/);
    const [{ after }] = await items().query('SELECT count(*)::int AS after FROM items.moderation_log');
    expect(after).toBe(n);
  });
});
