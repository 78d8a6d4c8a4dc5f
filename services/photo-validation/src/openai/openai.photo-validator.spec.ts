import { COMMUNITY_STANDARDS, VALIDATION_SERVICE_ERROR } from '@curbside/contracts';
import { createLogger } from '@curbside/platform';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixture, FIXTURES } from '../testing/photos.fixture';
import { OpenAiPhotoValidator, OpenAiPhotoValidatorOptions } from './openai.photo-validator';

type Reply = { status: number; body: unknown; headers?: Record<string, string> } | 'hang';

interface SeenRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string | { type: string; text?: string; image_url?: { url: string } }[] }[];
    response_format: { type: string; json_schema: { strict: boolean; schema: { required: string[] } } };
  };
}

/** Speaks the Chat Completions wire format on 127.0.0.1, answering from a script; never the real API. */
class FakeOpenAi {
  readonly requests: SeenRequest[] = [];
  private replies: Reply[] = [];
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  script(...replies: Reply[]): void {
    this.replies = replies;
    this.requests.length = 0;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    this.requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw) });
    // The last reply repeats, so "always 500" is one entry.
    const reply = this.replies.length > 1 ? this.replies.shift() : this.replies[0];
    if (!reply || reply === 'hang') return;
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(JSON.stringify(reply.body));
  }
}

function completion(content: string): Reply {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: 'gpt-4.1-mini',
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
    },
  };
}

function apiError(status: number, headers: Record<string, string> = {}): Reply {
  return { status, headers, body: { error: { message: `status ${status}`, type: 'test', param: null, code: null } } };
}

const photo = { image: fixture(FIXTURES.furnitureChair), itemTitle: 'Wooden folding chair', itemCategory: 'Furniture' };

describe(OpenAiPhotoValidator.name, () => {
  const fake = new FakeOpenAi();
  let options: OpenAiPhotoValidatorOptions;
  const create = (overrides: Partial<OpenAiPhotoValidatorOptions> = {}) => new OpenAiPhotoValidator({ ...options, ...overrides }, createLogger('openai-test'));

  beforeAll(async () => {
    options = { apiKey: 'sk-test-not-real', model: 'gpt-4.1-mini', baseURL: await fake.start(), timeoutMs: 2000, maxRetries: 2 };
  });
  afterAll(() => fake.stop());

  it('sends the photo, the item and the community standards, and returns the structured answer', async () => {
    fake.script(completion(JSON.stringify({ isValid: true, confidence: 0.92, reason: 'A wooden folding chair on gravel.' })));

    const result = await create().validate(photo);

    expect(result).toEqual({ isValid: true, confidence: 0.92, reason: 'A wooden folding chair on gravel.' });
    const [request] = fake.requests;
    expect(request).toMatchObject({ path: '/v1/chat/completions', authorization: 'Bearer sk-test-not-real' });
    expect(request!.body.model).toBe('gpt-4.1-mini');
    expect(request!.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { strict: true, schema: { required: ['isValid', 'confidence', 'reason'] } },
    });
    const [system, user] = request!.body.messages;
    for (const standard of COMMUNITY_STANDARDS) expect(system!.content).toContain(standard);
    const parts = user!.content as { type: string; text?: string; image_url?: { url: string } }[];
    expect(parts.find((p) => p.type === 'text')?.text).toContain('"title":"Wooden folding chair","category":"Furniture"');
    expect(parts.find((p) => p.type === 'image_url')?.image_url?.url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
  });

  it('clamps a confidence outside 0..1', async () => {
    fake.script(completion(JSON.stringify({ isValid: false, confidence: 1.7, reason: 'A person is visible.' })));

    await expect(create().validate(photo)).resolves.toEqual({ isValid: false, confidence: 1, reason: 'A person is visible.' });
  });

  it.each([
    ['text that is not JSON', 'Sure! The photo shows a chair.'],
    ['JSON missing a field', JSON.stringify({ isValid: true, confidence: 0.9 })],
    ['JSON with the wrong types', JSON.stringify({ isValid: 'yes', confidence: 0.9, reason: 'chair' })],
  ])('answers "Validation service error" for %s, without retrying', async (_case, content) => {
    fake.script(completion(content));

    await expect(create().validate(photo)).resolves.toEqual(VALIDATION_SERVICE_ERROR);
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a 429 after the delay the server asks for, then answers', async () => {
    fake.script(apiError(429, { 'retry-after-ms': '150' }), completion(JSON.stringify({ isValid: true, confidence: 0.8, reason: 'A chair.' })));
    const started = Date.now();

    const result = await create().validate(photo);

    expect(result).toEqual({ isValid: true, confidence: 0.8, reason: 'A chair.' });
    expect(fake.requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('gives up on a persistent 500 after its retries, with backoff, as "Validation service error"', async () => {
    fake.script(apiError(500));
    const started = Date.now();

    await expect(create({ maxRetries: 1 }).validate(photo)).resolves.toEqual(VALIDATION_SERVICE_ERROR);

    expect(fake.requests).toHaveLength(2);
    // The SDK's default backoff before the first retry is 0.5 s less up to 25 % jitter.
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
  });

  it('answers a photo the model will not look at (a 400, or its refusal) as a photo to take again, not as our failure', async () => {
    const notCheckable = { isValid: false, confidence: 1, reason: 'This photo could not be checked: take a clear photo of the item where you picked it up.' };
    fake.script(apiError(400));
    await expect(create().validate(photo)).resolves.toEqual(notCheckable);
    expect(fake.requests).toHaveLength(1);

    const refusal = completion('');
    (refusal as { body: { choices: { message: { refusal: string | null } }[] } }).body.choices[0].message.refusal = "I can't help with this image.";
    fake.script(refusal);
    await expect(create().validate(photo)).resolves.toEqual(notCheckable);
  });

  it('does not retry a refused key', async () => {
    fake.script(apiError(401));

    await expect(create().validate(photo)).resolves.toEqual(VALIDATION_SERVICE_ERROR);
    expect(fake.requests).toHaveLength(1);
  });

  it('times out a server that never answers, retries once, then answers "Validation service error"', async () => {
    fake.script('hang');
    const started = Date.now();

    await expect(create({ timeoutMs: 300, maxRetries: 1 }).validate(photo)).resolves.toEqual(VALIDATION_SERVICE_ERROR);

    const elapsed = Date.now() - started;
    expect(fake.requests).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(600);
    expect(elapsed).toBeLessThan(3000);
  });

  it('stops trying when the member’s wait ends, retries and their waits included, and tries nothing past it', async () => {
    fake.script('hang');
    const started = Date.now();
    await expect(create({ timeoutMs: 5000, maxRetries: 2 }).validate({ ...photo, deadline: started + 400 })).resolves.toEqual(VALIDATION_SERVICE_ERROR);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(fake.requests).toHaveLength(1);

    fake.script(completion('{}'));
    const before = fake.requests.length;
    await expect(create().validate({ ...photo, deadline: Date.now() - 1 })).resolves.toEqual(VALIDATION_SERVICE_ERROR);
    expect(fake.requests).toHaveLength(before);
  });

  it('answers a file that is not an image itself, without calling the API', async () => {
    fake.script(completion('{}'));

    await expect(create().validate({ ...photo, image: fixture(FIXTURES.notAnImage) })).resolves.toMatchObject({ isValid: false, confidence: 1 });
    expect(fake.requests).toHaveLength(0);
  });
});
