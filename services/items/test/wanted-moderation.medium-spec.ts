import {
  CreateReportRequest,
  CreateSavedSearchRequest,
  ErrorCode,
  EventPayload,
  Events,
  ModerationCase,
  ReportError,
  SavedSearchError,
} from '@curbside/contracts';
import { ModerationService } from '../src/moderation/moderation.service';
import { ReportsService } from '../src/reports/reports.service';
import { SavedSearchesService } from '../src/saved-searches/saved-searches.service';
import { ItemsWorld, refusal, startItemsWorld } from './items-world';

type Notice = EventPayload<typeof Events.moderationNotice>;

/** Each test gets its own neighbourhood, far from the others', so their wanted posts never meet. */
let town = 0;
const newTown = () => ({ lat: 10 + (town += 1) * 0.5, lng: 20 });

/**
 * Wanted posts under moderation on the real PostgreSQL (docs/product-rules.md, Moderation): the automated checks
 * read a wanted post's words as they read a post's, neighbours report it with the same escalation, and moderators
 * decide on it. The users service's answer to "is this a moderator?" is played by the in-memory broker.
 */
describe('Wanted posts under moderation', () => {
  let world: ItemsWorld;
  let searches: SavedSearchesService;
  let moderation: ModerationService;
  let reports: ReportsService;

  beforeAll(async () => {
    world = await startItemsWorld();
    searches = world.get(SavedSearchesService);
    moderation = world.get(ModerationService);
    reports = world.get(ReportsService);
  });
  afterAll(() => world?.stop());

  const moderator = () => world.moderator();
  const wantedPost = (userId: string, at: { lat: number; lng: number }, overrides: Partial<CreateSavedSearchRequest> = {}) =>
    searches.create({ query: 'crib', radius: 5, location: { lat: at.lat, lng: at.lng, label: 'Home' }, isPublic: true, ...overrides }, userId);
  const listed = async (at: { lat: number; lng: number }, viewer: string) =>
    (await searches.wanted({ lat: at.lat, lng: at.lng, radius: 2 }, viewer)).posts.map((p) => p.id);
  const report = (reporterId: string, wantedId: string) =>
    reports.file({ reportType: 'inappropriate', reason: 'Not okay', reportedWantedId: wantedId } as CreateReportRequest, reporterId);
  const notices = async (userId: string) => (await world.emitted<Notice>(Events.moderationNotice.subject)).filter((n) => n.userId === userId);
  const caseOf = async (targetId: string, status: 'open' | 'appealed' | 'decided', moderatorId: string): Promise<ModerationCase | undefined> =>
    (await moderation.cases({ status }, moderatorId)).find((c) => c.targetId === targetId);

  it('holds a wanted post the checks are sure about (its author told why), publishes a weaker hit with a case, and never reads a private search', async () => {
    const at = newTown();
    const [author, flaggedAuthor, privateAuthor, viewer, mod] = [
      await world.member(),
      await world.member(),
      await world.member(),
      await world.member(),
      await moderator(),
    ];
    const held = await wantedPost(author, at, { query: 'rifle ammo' });
    expect(held.inReview).toBe(true);
    expect(await listed(at, viewer)).not.toContain(held.id);
    expect((await searches.wanted({ lat: at.lat, lng: at.lng, radius: 2 }, author)).posts).toEqual([expect.objectContaining({ id: held.id, inReview: true })]);
    expect((await searches.list(author))[0].inReview).toBe(true);
    expect(await notices(author)).toEqual([
      expect.objectContaining({ kind: 'held', targetType: 'wanted', title: 'rifle ammo', reason: expect.stringContaining('weapons') }),
    ]);
    const heldCase = await caseOf(held.id, 'open', mod);
    expect(heldCase).toMatchObject({ targetType: 'wanted', openedBy: 'checks', hidden: true, content: { text: 'rifle ammo', status: 'held' } });
    expect(heldCase?.flags).toEqual([expect.objectContaining({ ruleId: 'prohibited.weapons', confidence: 'high' })]);
    // A held wanted post does not make a new item "wanted" by anyone.
    expect((await world.post(viewer, { title: 'Rifle ammo', description: 'Sturdy tin', location: at })).wantedBy).toBe(0);

    const flagged = await wantedPost(flaggedAuthor, at, { query: 'Any wine glasses or wine' });
    expect(flagged.inReview).toBeUndefined();
    expect(await listed(at, viewer)).toContain(flagged.id);
    expect(await caseOf(flagged.id, 'open', mod)).toMatchObject({ openedBy: 'checks', hidden: false });

    const kept = await wantedPost(privateAuthor, at, { query: 'rifle ammo', isPublic: false });
    expect(await caseOf(kept.id, 'open', mod)).toBeUndefined();
    expect(await notices(privateAuthor)).toEqual([]);

    // Restored, it is a wanted post like any other.
    await moderation.decide(heldCase!.id, { decision: 'approve', reason: 'A starter pistol for races' }, mod);
    expect(await listed(at, viewer)).toContain(held.id);
    expect((await notices(author)).map((n) => n.kind)).toEqual(['held', 'restored']);
    expect((await searches.list(author))[0].inReview).toBeUndefined();
    expect((await world.post(viewer, { title: 'Rifle ammo', description: 'Sturdy tin', location: at })).wantedBy).toBe(1);
  });

  it('hides a wanted post reported by two verified neighbours; refuses the author, a second report, a private search and a hidden post', async () => {
    const at = newTown();
    const [author, viewer] = [await world.member({ username: 'Bea K.' }), await world.member()];
    const post = await wantedPost(author, at, { query: 'baby crib', category: 'Furniture' });
    const quiet = await wantedPost(await world.member(), at, { isPublic: false });
    expect(await refusal(report(author, post.id))).toBe(ReportError.SELF);
    expect(await refusal(report(viewer, quiet.id))).toBe(ReportError.TARGET_NOT_FOUND);

    const first = await world.member({ verified: true });
    await report(first, post.id);
    expect(await refusal(report(first, post.id))).toBe(ReportError.ALREADY_REPORTED);
    expect(await listed(at, viewer)).toContain(post.id);
    await report(await world.member({ verified: true }), post.id);
    expect(await listed(at, viewer)).not.toContain(post.id);
    expect(await listed(at, author)).toContain(post.id);
    expect(await refusal(report(await world.member({ verified: true }), post.id))).toBe(ReportError.TARGET_NOT_FOUND);
    expect(await notices(author)).toEqual([expect.objectContaining({ kind: 'held', targetType: 'wanted', reason: expect.stringContaining('reported') })]);

    // The queue shows its words, the area only (never the place's name), and its author's record.
    const open = await caseOf(post.id, 'open', await moderator());
    expect(open).toMatchObject({
      targetType: 'wanted',
      openedBy: 'reports',
      hidden: true,
      content: { text: 'baby crib', category: 'Furniture', photos: [], status: 'held' },
      subject: { id: author, username: 'Bea K.', history: { posts: 0, removals: 0, warnings: 0 } },
    });
    expect(open?.content.title).toMatch(/^Wanted near -?\d+\.\d, -?\d+\.\d \(within 5 mi\)$/);
    expect(JSON.stringify(open)).not.toContain('Home');
    expect(open?.reports).toHaveLength(2);
  });

  it('takes a removed wanted post down for good (its author keeps the search), warns, and puts it back on an overturned appeal', async () => {
    const at = newTown();
    const [author, viewer, decider, other] = [await world.member({ tier: 'basic' }), await world.member(), await moderator(), await moderator()];
    const post = await wantedPost(author, at, { query: 'old sofa' });
    for (let i = 0; i < 2; i++) await report(await world.member({ verified: true }), post.id);
    const open = (await caseOf(post.id, 'open', decider))!;
    await moderation.decide(open.id, { decision: 'remove', reason: 'Spam' }, decider);
    expect(await listed(at, viewer)).not.toContain(post.id);
    expect(await listed(at, author)).not.toContain(post.id);
    expect((await searches.list(author)).map((s) => [s.id, s.isPublic])).toEqual([[post.id, false]]);
    expect((await notices(author)).map((n) => n.kind)).toEqual(['held', 'removed']);
    expect(await refusal(report(viewer, post.id))).toBe(ReportError.TARGET_NOT_FOUND);

    await moderation.appeal(open.id, { reason: 'I really need a sofa' }, author);
    await moderation.decide(open.id, { decision: 'approve', reason: 'A plain request' }, other);
    expect(await listed(at, viewer)).toContain(post.id);
    expect((await notices(author)).map((n) => n.kind)).toEqual(['held', 'removed', 'appeal_overturned']);

    // A warning leaves it up; the author's record counts it.
    const second = await wantedPost(author, at, { query: 'bookshelf' });
    for (let i = 0; i < 2; i++) await report(await world.member({ verified: true }), second.id);
    const warnCase = (await caseOf(second.id, 'open', decider))!;
    expect(warnCase.subject.history).toMatchObject({ removals: 0, earlierCases: 1 });
    await moderation.decide(warnCase.id, { decision: 'warn', reason: 'Keep it about things' }, decider);
    expect(await listed(at, viewer)).toContain(second.id);
  });

  it("re-checks a wanted post's new words: a sure hit hides it again; a private search's words are nobody's business", async () => {
    const at = newTown();
    const [author, viewer, privateAuthor, mod] = [await world.member(), await world.member(), await world.member(), await moderator()];
    const post = await wantedPost(author, at, { query: 'baby crib' });
    expect(await caseOf(post.id, 'open', mod)).toBeUndefined();

    expect(await searches.change(post.id, { query: 'crib and a rifle' }, author)).toMatchObject({
      id: post.id,
      query: 'crib and a rifle',
      words: ['crib', 'and', 'rifle'],
    });
    expect(await listed(at, viewer)).not.toContain(post.id);
    expect(await listed(at, author)).toContain(post.id);
    expect(await caseOf(post.id, 'open', mod)).toMatchObject({ openedBy: 'checks', hidden: true, content: { text: 'crib and a rifle' } });
    expect(await notices(author)).toEqual([expect.objectContaining({ kind: 'held', targetType: 'wanted', title: 'crib and a rifle' })]);

    expect(await refusal(searches.change(post.id, { query: 'cot' }, viewer))).toBe(SavedSearchError.NOT_FOUND);
    expect(await refusal(searches.change(post.id, { query: '!' }, author))).toBe(ErrorCode.VALIDATION_FAILED);
    expect((await searches.list(author))[0].query).toBe('crib and a rifle');

    const quiet = await wantedPost(privateAuthor, at, { isPublic: false });
    await searches.change(quiet.id, { query: 'rifle ammo' }, privateAuthor);
    expect(await caseOf(quiet.id, 'open', mod)).toBeUndefined();
    expect(await notices(privateAuthor)).toEqual([]);
  });

  it("takes a member's wanted posts down with the rest of their content when a moderator removes the member", async () => {
    const at = newTown();
    const [member, viewer, mod] = [await world.member(), await world.member(), await moderator()];
    const post = await wantedPost(member, at, { query: 'lawn mower' });
    for (let i = 0; i < 2; i++) {
      await reports.file(
        { reportType: 'spam', reason: 'Spams everyone', reportedUserId: member } as CreateReportRequest,
        await world.member({ verified: true }),
      );
    }
    expect(await listed(at, viewer)).not.toContain(post.id);
    const open = (await caseOf(member, 'open', mod))!;
    await moderation.decide(open.id, { decision: 'remove', reason: 'A spam account' }, mod);
    expect(await listed(at, viewer)).not.toContain(post.id);
    expect((await searches.list(member)).map((s) => s.isPublic)).toEqual([false]);
  });
});
