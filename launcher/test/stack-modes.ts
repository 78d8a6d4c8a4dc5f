import { affectedCount, AppConfig, createMigratedTestDatabase, loadConfig, LogSmsSender } from '@curbside/platform';
import type { CreateSingleItemRequest, Item, PhotoValidationResult, User } from '@curbside/contracts';
import { ApiClient, type ApiResponse, createDistributedTestEnvironment, waitFor } from '@curbside/testing';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ALL_SERVICES } from '../src/services';
import { RunningStack, startDistributedStack, startEmbeddedStack } from '../src/stack';

type ConfigOverrides = Partial<Record<keyof AppConfig, string>>;

export interface StackMode {
  name: string;
  start(overrides?: ConfigOverrides): Promise<{ stack: RunningStack; dispose(): Promise<void> }>;
}

/**
 * Item alerts show and leave the app at once on every plan unless a test sets the plans' timing itself (reach.int-spec.ts
 * measures it): the other tests check what alerts say and to whom, and would otherwise wait the free plan's 15 minutes.
 */
const ALERTS_AT_ONCE = { ALERT_DELAY_FREE_SECONDS: '0', ALERT_DELAY_BASIC_SECONDS: '0' };

/**
 * What every test stack starts with: alerts at once, and the local photo models left unloaded until a test checks a
 * photo (jest.setup.js says the same to the environment, which `loadConfig({}, …)` does not read). Loaded 2 s after
 * each start, they cost a core for a second or more in every stack, most of which never check a photo.
 */
export const TEST_STACK_SETTINGS = { ...ALERTS_AT_ONCE, PHOTO_MODEL_PRELOAD: 'false' };

/**
 * Time for a test that runs an operator's command (`npm run admin:grant`, `npm run admin:fulfilment`) several times:
 * each run is a new Node process that loads the service's code and opens its database, ~2.5 s on a quiet machine and
 * several times that while the suite's other projects share the cores, so jest's 30 s default is not enough.
 */
export const OPERATOR_COMMAND_TEST_MS = 120_000;

/**
 * The same tests run against both modes: embedded (one process: in-memory bus and RPC, in-process queue, local
 * folder) and distributed (real servers). Either starts on a fresh database of the local PostgreSQL with every
 * service's schema already migrated, a copy of a template (createMigratedTestDatabase). The embedded server itself is
 * covered by launcher/test/embedded-lifecycle.int-spec.ts.
 */
export const STACK_MODES: StackMode[] = [
  {
    name: 'embedded (one process, in-memory bus)',
    async start(overrides = {}) {
      const dataDir = mkdtempSync(join(tmpdir(), 'curbside-stack-'));
      const database = await createMigratedTestDatabase(ALL_SERVICES);
      const config = loadConfig({}, { PORT: '0', DATA_DIR: dataDir, DATABASE_POOL_SIZE: '4', ...TEST_STACK_SETTINGS, ...overrides });
      const stack = await startEmbeddedStack(config, { databaseUrl: database.url });
      return {
        stack,
        dispose: async () => {
          await database.drop();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'distributed (PostgreSQL, NATS JetStream, Redis)',
    async start(overrides = {}) {
      const environment = await createDistributedTestEnvironment(ALL_SERVICES);
      const stack = await startDistributedStack(loadConfig({}, { ...environment.env, ...TEST_STACK_SETTINGS, ...overrides }));
      return { stack, dispose: () => environment.dispose() };
    },
  },
];

/**
 * Starts the mode's stack before a file's tests and closes it after them; `use` is handed the stack and a browser on
 * it once it runs (`({ stack, api } = started)`), for the tests and the file's own beforeAll hooks declared after.
 */
export function stackForTests(mode: StackMode, overrides: ConfigOverrides, use: (started: { stack: RunningStack; api: ApiClient }) => void): void {
  let running: { stack: RunningStack; dispose(): Promise<void> } | undefined;
  beforeAll(async () => {
    running = await mode.start(overrides);
    use({ stack: running.stack, api: new ApiClient(running.stack.url) });
  }, 90_000);
  afterAll(async () => {
    await running?.stack.close();
    await running?.dispose();
  });
}

/** The SMS the users service sent last to a number (the log adapter keeps them; nothing exposes them over HTTP). */
export function lastSmsCode(stack: RunningStack, phoneE164: string): string {
  const sms = stack.services.find((s) => s.name === 'users')?.runtime.infrastructure.sms;
  if (!(sms instanceof LogSmsSender)) throw new Error('the users service does not use the log SMS adapter');
  const message = sms.lastTo(phoneE164);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${phoneE164}`);
  return code;
}

/** Every text the users service sent to a number that the log adapter still keeps, oldest first. */
export function smsSentTo(stack: RunningStack, phoneE164: string): string[] {
  const sms = stack.services.find((s) => s.name === 'users')?.runtime.infrastructure.sms;
  if (!(sms instanceof LogSmsSender)) throw new Error('the users service does not use the log SMS adapter');
  return sms.sentTo(phoneE164).map((m) => m.body);
}

export function dataSourceOf(stack: RunningStack, service: string) {
  const found = stack.services.find((s) => s.name === service);
  if (!found) throw new Error(`no ${service} service in the stack`);
  return found.runtime.dataSource;
}

/**
 * A number's codes as if texted 31 s earlier: past the 30 s its codes must be apart (MIN_SECONDS_BETWEEN_SENDS in
 * services/users) without waiting them out. The journeys do the same through psql (frontend/e2e/operator.ts).
 */
export async function waitOutSendInterval(stack: RunningStack, phoneE164: string): Promise<void> {
  await dataSourceOf(stack, 'users').query(`UPDATE users.phone_codes SET created_at = created_at - interval '31 seconds' WHERE phone = $1`, [phoneE164]);
}

/**
 * A post an hour older where the rewards ledger keeps its time, once rewards has its pending credit: its first hour,
 * in which no confirmation makes its points final (docs/product-rules.md, "Points"), is over without waiting it out.
 * The journeys do the same through psql (frontend/e2e/operator.ts).
 */
export async function postOlderThanAnHour(stack: RunningStack, itemId: string): Promise<void> {
  await waitFor(
    async () =>
      (await affectedCount(
        dataSourceOf(stack, 'rewards'),
        `UPDATE rewards.pending_credits SET cause_at = cause_at - interval '61 minutes', final_by = final_by - interval '61 minutes'
         WHERE item_id = $1 AND cause_at > now() - interval '61 minutes'`,
        [itemId],
      )) > 0,
    { what: `the pending credit of ${itemId}` },
  );
}

/**
 * A neighbour in a browser of their own (no cookies shared with `api`): a new account, returned once the items service
 * has learnt the member from `user.created`, so posting, holding and queueing find them.
 */
export async function newNeighbour(stack: RunningStack, api: ApiClient): Promise<Neighbour> {
  const browser = api.anotherBrowser();
  const user = (await browser.post<User>('/api/users', {})).body;
  // Fifty of these at once, beside another worker's stack, can take the items service's consumer a while.
  await waitFor(async () => (await dataSourceOf(stack, 'items').query('SELECT 1 FROM items.posters WHERE user_id = $1', [user.id])).length === 1, {
    timeoutMs: 30_000,
    what: `member ${user.id} known to the items service`,
  });
  return { browser, user };
}

/** One of the photo-validation service's real test photos, by file name. */
export const photoFixture = (name: string): Buffer =>
  readFileSync(join(resolve(__dirname, '..', '..'), 'services', 'photo-validation', 'test', 'fixtures', name));

/** A real photo of a chair: it passes the photo checks of a post and a pickup. */
export const CHAIR_PHOTO = photoFixture('furniture-chair.jpg');
/** The same chair photographed again at the curb: what a pickup photo is (the listing's own photo is refused as a copy). */
export const PICKUP_PHOTO = photoFixture('furniture-chair-pickup.jpg');

/**
 * A pickup photo check's answer in a word, for an assertion: 'passed', or what refused it with the reason it gave (a busy
 * photo service, the model's verdict and the copy check each give their own) or, for an error answer, its whole body:
 * a match on `isValid` would print neither.
 */
export function checkVerdict(check: ApiResponse<PhotoValidationResult>): string {
  if (check.status === 201 && check.body.isValid) return 'passed';
  return `refused (${check.status}): ${check.status === 201 ? check.body.reason : JSON.stringify(check.body)}`;
}

/** What a test posts: the fields of the contract's single item, a title and a place at least; Furniture unless told. */
type ItemToPost = Pick<CreateSingleItemRequest, 'title'> &
  Required<Pick<CreateSingleItemRequest, 'location'>> &
  Partial<Omit<CreateSingleItemRequest, 'title' | 'location' | 'imageUrl'>>;

/** Posts an item as the app does, the chair photo uploaded first, and answers it; throws unless both are accepted. */
export async function postWithPhoto(browser: ApiClient, item: ItemToPost): Promise<Item> {
  const upload = await browser.postFile<{ imageUrl: string }>('/api/upload', 'photo', { name: 'chair.jpg', type: 'image/jpeg', bytes: CHAIR_PHOTO });
  if (upload.status !== 200) throw new Error(`the photo upload was answered ${upload.status}: ${JSON.stringify(upload.body)}`);
  const posted = await browser.post<Item>('/api/items', { category: 'Furniture', ...item, imageUrl: upload.body.imageUrl });
  if (posted.status !== 201) throw new Error(`the post was answered ${posted.status}: ${JSON.stringify(posted.body)}`);
  return posted.body;
}

/** A member in a browser of their own, as newNeighbour makes them. */
export type Neighbour = { browser: ApiClient; user: User };

/** Sets a member's points balance directly, as a history of posts would have left it. */
export function grantPoints(stack: RunningStack, userId: string, points: number) {
  return dataSourceOf(stack, 'rewards').query(
    `INSERT INTO rewards.balances (user_id, points, earned, version) VALUES ($1, $2, $2, 1) ON CONFLICT (user_id) DO UPDATE SET points = $2`,
    [userId, points],
  );
}
