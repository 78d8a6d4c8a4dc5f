import { loadConfig } from '@curbside/platform';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContentChecks, OPENAI_MODERATION_BUDGET_MS, OPENAI_MODERATION_PAUSE_MS } from './content-checks.service';

type Reply = { status: number; body: unknown } | 'hang';

/** Speaks OpenAI's documented `POST /v1/moderations` on 127.0.0.1, answering from a script; never the real API. */
class FakeModeration {
  readonly requests: { path: string; method: string; authorization?: string; body: { model: string; input: string } }[] = [];
  reply: Reply = { status: 200, body: {} };
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    this.requests.push({ path: req.url ?? '', method: req.method ?? '', authorization: req.headers.authorization, body: JSON.parse(raw) });
    if (this.reply === 'hang') return;
    res.writeHead(this.reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(this.reply.body));
  }
}

/** A documented answer: every category present, those named flagged with the given scores, the rest low. */
function moderation(flagged: Record<string, number>): Reply {
  const names = [
    'harassment',
    'harassment/threatening',
    'hate',
    'hate/threatening',
    'illicit',
    'illicit/violent',
    'self-harm',
    'self-harm/intent',
    'self-harm/instructions',
    'sexual',
    'sexual/minors',
    'violence',
    'violence/graphic',
  ];
  const categories = Object.fromEntries(names.map((name) => [name, name in flagged]));
  const scores = Object.fromEntries(names.map((name) => [name, flagged[name] ?? 0.0012]));
  const types = Object.fromEntries(names.map((name) => [name, ['text']]));
  return {
    status: 200,
    body: {
      id: 'modr-test',
      model: 'omni-moderation-latest',
      results: [{ flagged: names.some((name) => name in flagged), categories, category_scores: scores, category_applied_input_types: types }],
    },
  };
}

describe('ContentChecks (rules only, no OPENAI_API_KEY)', () => {
  const checks = new ContentChecks(loadConfig({}));

  it('holds a text with a high-confidence hit and names the rule and the words', async () => {
    const verdict = await checks.check({ kind: 'item', text: 'Free sofa\nSend a $50 deposit by gift card to hold it' });
    expect(verdict.hold).toBe(true);
    expect(verdict.flags).toEqual(
      expect.arrayContaining([
        { ruleId: 'scam.gift-card', label: 'asks for gift cards', words: ['send a $50 deposit by gift card'], confidence: 'high', source: 'rules' },
      ]),
    );
  });

  it('publishes and flags a low-confidence hit', async () => {
    const verdict = await checks.check({ kind: 'item', text: 'Bottle of wine, unopened' });
    expect(verdict).toEqual({
      hold: false,
      flags: [{ ruleId: 'prohibited.alcohol', label: 'alcohol', words: ['wine'], confidence: 'low', source: 'rules' }],
    });
  });

  it('passes a clean text', async () => {
    expect(await checks.check({ kind: 'comment', text: 'Is the wine rack still there? I can come at 5.' })).toEqual({ hold: false, flags: [] });
  });

  it("reads a garage sale's contact line too, where a phone number or an e-mail is expected and not flagged", async () => {
    const sale = { kind: 'item' as const, text: 'Moving sale\nFurniture, books, toys\n12 Elm St' };
    expect(await checks.check({ ...sale, contact: 'Call or text 555-123-4567, or sam@example.com' })).toEqual({ hold: false, flags: [] });
    const scam = await checks.check({ ...sale, contact: 'Zelle me a $20 deposit to hold your spot, WhatsApp 555-123-4567' });
    expect(scam.hold).toBe(true);
    expect(scam.flags.map((flag) => flag.ruleId)).toEqual(expect.arrayContaining(['scam.deposit', 'scam.payment-app']));
    expect(scam.flags.map((flag) => flag.ruleId)).not.toContain('scam.off-app');
    // The same words elsewhere in the post are flagged as before.
    expect((await checks.check({ kind: 'item', text: `${sale.text}\nWhatsApp 555-123-4567` })).flags.map((flag) => flag.ruleId)).toEqual(['scam.off-app']);
  });
});

describe('ContentChecks with OpenAI moderation (OPENAI_API_KEY set)', () => {
  const fake = new FakeModeration();
  let checks: ContentChecks;

  let baseURL: string;
  /** The cases that wait for an answer get the full budget; the ones about failures a short one, to stay quick. */
  const SHORT_BUDGET_MS = 300;
  const fresh = (timeoutMs = OPENAI_MODERATION_BUDGET_MS) =>
    new ContentChecks(loadConfig({}, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: baseURL, OPENAI_TIMEOUT_MS: String(timeoutMs) }));

  beforeAll(async () => {
    baseURL = await fake.start();
    // The process's first fetch loads its HTTP client; on a busy machine that alone can outlast a short budget.
    fake.reply = moderation({});
    await fresh().check({ kind: 'message', text: 'warm-up' });
  });
  // A failure pauses OpenAI for this object: each case starts with one that has not failed.
  beforeEach(() => {
    checks = fresh();
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => fake.stop());

  it('asks the documented endpoint and turns each flagged category into a flag with its score; a high score holds', async () => {
    fake.reply = moderation({ violence: 0.93, harassment: 0.41 });
    const verdict = await checks.check({ kind: 'comment', text: 'Come get it or else' });

    expect(fake.requests.at(-1)).toEqual({
      path: '/v1/moderations',
      method: 'POST',
      authorization: 'Bearer sk-test',
      body: { model: 'omni-moderation-latest', input: 'Come get it or else' },
    });
    expect(verdict.hold).toBe(true);
    expect(verdict.flags).toEqual([
      { ruleId: 'openai.harassment', label: 'OpenAI moderation: harassment', words: ['harassment 0.41'], confidence: 'low', source: 'openai' },
      { ruleId: 'openai.violence', label: 'OpenAI moderation: violence', words: ['violence 0.93'], confidence: 'high', source: 'openai' },
    ]);
  });

  it('keeps the rules’ flags beside OpenAI’s, and publishes on low scores alone', async () => {
    fake.reply = moderation({ illicit: 0.55 });
    const verdict = await checks.check({ kind: 'item', text: 'Bottle of wine, unopened' });
    expect(verdict.hold).toBe(false);
    expect(verdict.flags.map((flag) => [flag.ruleId, flag.source, flag.confidence])).toEqual([
      ['prohibited.alcohol', 'rules', 'low'],
      ['openai.illicit', 'openai', 'low'],
    ]);
  });

  it('a clean answer adds nothing', async () => {
    fake.reply = moderation({});
    expect(await checks.check({ kind: 'message', text: 'See you at 5' })).toEqual({ hold: false, flags: [] });
  });

  it.each([
    ['an error answer', { status: 500, body: { error: { message: 'boom', type: 'server_error' } } }],
    ['an answer without results', { status: 200, body: { id: 'modr-x', model: 'omni-moderation-latest', results: [] } }],
    ['no answer within the budget', 'hang'],
  ] as const)('%s leaves the rules’ verdict, within the budget', async (_, reply) => {
    fake.reply = reply;
    checks = fresh(SHORT_BUDGET_MS);
    const started = Date.now();
    const verdict = await checks.check({ kind: 'item', text: 'Free couch\nSend a $50 deposit by gift card to hold it' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(verdict.hold).toBe(true);
    expect(verdict.flags.every((flag) => flag.source === 'rules')).toBe(true);
    expect(verdict.flags.map((flag) => flag.ruleId)).toEqual(['scam.gift-card', 'scam.deposit']);
  });

  it('after a failure, asks OpenAI again only once the pause is over: an outage costs one post the wait, not every post', async () => {
    // A budget well above what a loaded test worker can lose to a pause, so the second check's time tells.
    fake.reply = 'hang';
    checks = fresh(2_000);
    await checks.check({ kind: 'comment', text: 'first' });
    const asked = fake.requests.length;

    fake.reply = moderation({ violence: 0.95 });
    const started = Date.now();
    expect(await checks.check({ kind: 'comment', text: 'second' })).toEqual({ hold: false, flags: [] });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(fake.requests).toHaveLength(asked);

    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + OPENAI_MODERATION_PAUSE_MS + 1);
    expect((await checks.check({ kind: 'comment', text: 'third' })).hold).toBe(true);
    expect(fake.requests.at(-1)?.body.input).toBe('third');
  });
});
