import { expect, test, type Page, type Request } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { card, newNeighbour, openApp, photo, shot, smsCode } from './helpers';
import { waitOutSendInterval } from './operator';

/** A number nobody else in this run uses: (555) 01x-xxxx style, shown as (###) ###-####. */
function newPhone(): { digits: string; e164: string; display: string } {
  const digits = `555${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  return { digits, e164: `+1${digits}`, display: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` };
}

const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });
const userId = (page: Page) => page.evaluate(() => localStorage.getItem('userId'));

test('first visit: five onboarding steps, a verified account, the feed, then the tutorial', async ({ browser, baseURL }) => {
  const { context, page } = await newNeighbour(browser, baseURL as string, { firstVisit: true });
  try {
    await openApp(page, '/', { firstVisit: true });
    await expect(page.getByRole('heading', { name: 'Welcome to Curbside!' })).toBeVisible();
    await expect(page.getByText('Step 1 of 5')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Login with Phone Number' })).toBeVisible();
    expect(await userId(page)).toBeNull();
    await shot(page, 'onboarding-01-welcome');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    await expect(page.getByText('Scout Mode:')).toBeVisible();
    await shot(page, 'onboarding-02-how-it-works');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Safety & Terms' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(toast(page, 'Safety terms required')).toContainText('Please accept the safety guidelines to continue.');
    await expect(page.getByRole('heading', { name: 'Safety & Terms' })).toBeVisible();
    await shot(page, 'onboarding-03-safety-gate');
    await page.getByRole('button', { name: 'Read the full Terms of Use & Safety Disclaimer' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms of Use & Safety Disclaimer' });
    await expect(terms).toBeVisible();
    await terms.getByRole('button', { name: 'I Understand' }).click();
    await expect(terms).toBeHidden();
    await page.getByRole('checkbox', { name: /I have read the safety guidelines/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'Location Access' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Skip location access' })).toBeVisible();
    await shot(page, 'onboarding-04-location');
    await page.getByRole('button', { name: 'Allow Location' }).click();
    await expect(toast(page, 'Location access granted')).toContainText("You'll see items near you!");

    await expect(page.getByRole('heading', { name: 'Verify & Personalize' })).toBeVisible();
    // The promise about names is what the app then shows (checked on the profile below).
    await expect(
      page.getByText(
        'Your first name shows on the leaderboard and your posts (with your last initial once verified), never your full name or phone. You can show a made-up name instead from your profile.',
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(toast(page, 'Required fields missing')).toContainText('Please provide your full name and phone number for verification.');
    const phone = newPhone();
    await page.getByLabel('Full name').fill('Maya Lopez');
    await page.getByLabel('Phone number').pressSequentially(phone.digits);
    await expect(page.getByLabel('Phone number')).toHaveValue(phone.display);
    await shot(page, 'onboarding-05-verify');
    const since = new Date();
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByText(`We texted a 6-digit code to ${phone.display}`)).toBeVisible();
    await page.getByLabel('6-digit code').fill(await smsCode(phone.e164, since));
    await shot(page, 'onboarding-06-code');
    await page.getByRole('button', { name: 'Verify & Get Started' }).click();

    await expect(page.getByRole('tab', { name: 'Fresh Finds' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/$/);
    const id = await userId(page);
    expect(id).not.toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('onboardingCompleted'))).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('locationPermitted'))).toBe('true');
    const me = await page.evaluate(async (uid) => (await fetch(`/api/users/${uid}`)).json(), id);
    expect(me).toMatchObject({ isVerified: true, verifiedName: 'Maya Lopez', firstName: 'Maya', locationRadius: '2' });

    // The tour opens by itself a second later for a neighbour with 0 points.
    const tour = page.getByTestId('tutorial');
    await expect(page.getByRole('dialog', { name: 'Take a Quick Tour' })).toBeVisible();
    await expect(page.getByText('Step 1 of 11')).toBeVisible();
    await shot(page, 'onboarding-07-tutorial');
    for (let step = 2; step <= 11; step++) {
      await tour.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText(`Step ${step} of 11`)).toBeVisible();
    }
    await expect(page.getByRole('dialog', { name: "You're Ready!" })).toBeVisible();
    await tour.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByText('Step 10 of 11')).toBeVisible();
    await tour.getByRole('button', { name: 'Next' }).click();
    await shot(page, 'onboarding-08-tutorial-last');
    await tour.getByRole('button', { name: 'Start Exploring!' }).click();
    await expect(tour).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('tutorialCompleted'))).toBe('true');

    // Next visit: straight to the feed, no onboarding and no tour.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Fresh Finds' })).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(tour).toHaveCount(0);
    expect(await userId(page)).toBe(id);

    // As onboarding said: neighbours see the first name and last initial; the made-up name is one tap away, and back.
    expect(me.username).toBe('Maya L.');
    expect(me.generatedName).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d{4}$/);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Maya L.' })).toBeVisible();
    await page.getByRole('button', { name: `Use ${me.generatedName} instead` }).click();
    await expect(page.getByRole('heading', { name: me.generatedName })).toBeVisible();
    const seen = await page.evaluate(async (uid) => (await (await fetch(`/api/users/${uid}`, { credentials: 'omit' })).json()) as { username: string }, id);
    expect(seen.username).toBe(me.generatedName);
    await page.getByRole('button', { name: 'Use my first name instead' }).click();
    await expect(page.getByRole('heading', { name: 'Maya L.' })).toBeVisible();
    await shot(page, 'onboarding-09-public-name');
  } finally {
    await context.close();
  }
});

test('phone sign-in makes an account, and the same account signs in from a second browser', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const phone = newPhone();
  const first = await newNeighbour(browser, baseURL as string, { firstVisit: true });
  let accountId: string | null;
  try {
    const { page } = first;
    await openApp(page, '/', { firstVisit: true });
    await page.getByRole('button', { name: 'Login with Phone Number' }).click();
    const login = page.getByRole('dialog', { name: 'Login with Phone Number' });
    await expect(login).toBeVisible();
    await login.getByLabel('Phone number').fill('555123');
    await login.getByRole('button', { name: 'Send Code' }).click();
    await expect(toast(page, 'Invalid Phone Number')).toContainText('Please enter a valid 10-digit phone number');
    await login.getByLabel('Phone number').fill(phone.digits);
    await expect(login.getByLabel('Phone number')).toHaveValue(phone.display);
    await shot(page, 'onboarding-10-login-phone');
    const since = new Date();
    await login.getByRole('button', { name: 'Send Code' }).click();
    await expect(toast(page, 'Code Sent!')).toContainText('Check your phone for the verification code');

    const codeStage = page.getByRole('dialog', { name: 'Enter Verification Code' });
    await expect(codeStage.getByText(`We sent a 6-digit code to ${phone.display}.`)).toBeVisible();
    await expect(codeStage.getByRole('button', { name: 'Change Number' })).toBeVisible();
    await codeStage.getByLabel('6-digit code').fill('123');
    await codeStage.getByRole('button', { name: 'Verify Code' }).click();
    await expect(toast(page, 'Invalid Code')).toContainText('Please enter the 6-digit verification code');
    await codeStage.getByLabel('6-digit code').fill(await smsCode(phone.e164, since));
    await shot(page, 'onboarding-11-login-code');
    await codeStage.getByRole('button', { name: 'Verify Code' }).click();

    const nameStage = page.getByRole('dialog', { name: 'Create Your Account' });
    await expect(nameStage).toBeVisible();
    await nameStage.getByRole('button', { name: 'Create Account' }).click();
    await expect(toast(page, 'Name Required')).toContainText('Please enter your first name');
    await nameStage.getByLabel('First name').fill('Sam');
    await nameStage.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('dialog', { name: 'Account Created!' })).toBeVisible();
    await shot(page, 'onboarding-12-account-created');

    // 1.5 s later: signed in, onboarding complete, the app reloads onto the feed.
    await expect(page.getByRole('tab', { name: 'Fresh Finds' })).toBeVisible();
    accountId = await userId(page);
    expect(accountId).not.toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('onboardingCompleted'))).toBe('true');
    // Escape closes the tour; it stays closed.
    await expect(page.getByTestId('tutorial')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('tutorial')).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('tutorialDismissed'))).toBe('true');
  } finally {
    await first.context.close();
  }

  const second = await newNeighbour(browser, baseURL as string, { firstVisit: true });
  try {
    const { page } = second;
    await openApp(page, '/', { firstVisit: true });
    await page.getByRole('button', { name: 'Login with Phone Number' }).click();
    const login = page.getByRole('dialog', { name: 'Login with Phone Number' });
    await login.getByLabel('Phone number').fill(phone.display);
    // Codes for one number are at least 30 s apart (from this same address): the server says so.
    await login.getByRole('button', { name: 'Send Code' }).click();
    await expect(toast(page, 'Failed to Send Code')).toContainText('Please wait 30 seconds before asking for another code.');
    await shot(page, 'onboarding-14-send-too-soon');
    waitOutSendInterval(phone.e164);
    const since = new Date();
    await login.getByRole('button', { name: 'Send Code' }).click();
    const codeStage = page.getByRole('dialog', { name: 'Enter Verification Code' });
    await codeStage.getByLabel('6-digit code').fill(await smsCode(phone.e164, since));
    await codeStage.getByRole('button', { name: 'Verify Code' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome Back!' })).toBeVisible();
    await expect(toast(page, 'Login Successful!')).toBeVisible();
    await shot(page, 'onboarding-13-welcome-back');
    await expect(page.getByRole('tab', { name: 'Fresh Finds' })).toBeVisible();
    expect(await userId(page)).toBe(accountId);
    const me = await page.evaluate(async (uid) => (await fetch(`/api/users/${uid}`)).json(), accountId);
    expect(me).toMatchObject({ id: accountId, firstName: 'Sam' });
  } finally {
    await second.context.close();
  }
});

test('verification, then scout mode: Scout Finds, the Curbside Find button and a scout find posted', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Scout Mode', exact: true }).click();
  const intro = page.getByRole('dialog', { name: 'Become a Curb Scout!' });
  await expect(intro.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await shot(page, 'onboarding-20-become-scout');
  await intro.getByRole('button', { name: 'Become a Scout' }).click();

  const sheet = page.getByRole('dialog', { name: 'Account Verification' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: 'Send Verification Code' }).click();
  await expect(sheet.locator('form').getByRole('alert')).toHaveText('Full name and phone number are required');
  const phone = newPhone();
  await sheet.getByLabel('Full name').fill('Jordan Rivers');
  await sheet.getByLabel('Phone number').fill(phone.digits);
  await shot(page, 'onboarding-21-verification-details');
  const since = new Date();
  await sheet.getByRole('button', { name: 'Send Verification Code' }).click();
  await expect(sheet.getByText(`Enter the 6-digit code we texted to ${phone.display}.`)).toBeVisible();
  await sheet.getByLabel('6-digit code').fill('000000');
  await sheet.getByRole('button', { name: 'Verify' }).click();
  await expect(toast(page, 'Verification failed')).toBeVisible();
  await expect(sheet.locator('form').getByRole('alert')).toHaveText('Invalid verification code');
  await sheet.getByLabel('6-digit code').fill(await smsCode(phone.e164, since));
  await shot(page, 'onboarding-22-verification-code');
  await sheet.getByRole('button', { name: 'Verify' }).click();

  // Verified: the switch follows by itself, through the scout guidelines.
  const terms = page.getByRole('dialog', { name: 'Scout Safety Guidelines' });
  await expect(terms).toBeVisible();
  await shot(page, 'onboarding-23-scout-terms');
  await terms.getByRole('button', { name: 'Accept & Continue' }).click();
  await expect(toast(page, "You're a Curb Scout!")).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Scout Finds' })).toHaveAttribute('aria-selected', 'true');
  const postButton = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Curbside Find' });
  await expect(postButton).toBeVisible();
  await shot(page, 'onboarding-24-scout-mode');

  const title = `Curbside armchair ${Date.now()}`;
  await postButton.click();
  const post = page.getByRole('dialog', { name: 'Post Curbside Find' });
  await post.getByTestId('photo-input').setInputFiles(await photo(page, 'find.png'));
  await expect(post.getByText('Photo uploaded')).toBeVisible({ timeout: 20_000 });
  await post.getByLabel('Title').fill(title);
  await post.getByLabel('Category').selectOption('Furniture');
  await post.getByLabel('Description').fill('Comfy armchair left by the curb');
  await post.getByRole('button', { name: 'Scout Find (+25 points)' }).click();
  const similar = page.getByRole('dialog', { name: 'Similar Items Found' });
  const posted = toast(page, 'Scout Find Posted!');
  await expect(similar.or(posted).first()).toBeVisible();
  if (await similar.isVisible()) await similar.getByRole('button', { name: 'Post Anyway' }).click();
  await expect(posted).toBeVisible();
  await expect(card(page, title).getByText('Scout Find', { exact: true })).toBeVisible();
  await shot(page, 'onboarding-25-scout-find-posted');

  await page.getByRole('button', { name: 'Scout Mode Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Scout Mode Settings' });
  await expect(settings.getByRole('button', { name: 'Close' }).last()).toBeVisible();
  await shot(page, 'onboarding-26-scout-settings');
  await settings.getByRole('button', { name: 'Turn Off Scout Hunt' }).click();
  await expect(page.getByRole('tab', { name: 'Fresh Finds' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Post', exact: true })).toBeVisible();

  // Already verified: the sheet shows the info view instead of the flow.
  await page.getByRole('button', { name: 'Scout Mode', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Become a Curb Scout!' }).getByText("you'll verify your phone first")).toHaveCount(0);
});

/** The user id start-up stores once it has made a new user (neither of `old`), read again across the recovery's reload. */
async function newUserId(page: Page, ...old: string[]): Promise<string> {
  const seen: { id: string | null } = { id: null };
  await expect
    .poll(async () => {
      seen.id = await userId(page).catch(() => null); // the page may be reloading
      return seen.id !== null && !old.includes(seen.id);
    })
    .toBe(true);
  return seen.id as string;
}

/** The API calls sent and not yet answered (the live stream, open for as long as the page is, aside). */
function callsInFlight(page: Page): Set<Request> {
  const pending = new Set<Request>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/') && request.resourceType() !== 'eventsource') pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return pending;
}

/** The member's calls the server refuses (401, 403, 404) from now on, as "status path". */
function refusedCalls(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && [401, 403, 404].includes(response.status()))
      refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return refused;
}

test('a stored user that is gone: "User not found, reloading...", then a fresh user', async ({ page }) => {
  const oldId = await openApp(page);
  const goneId = await page.evaluate(() => {
    const id = crypto.randomUUID();
    localStorage.setItem('userId', id);
    return id;
  });
  // Hold the new user's creation a moment so the notice can be seen.
  await page.route('**/api/users', async (route) => {
    if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  // What the stored id costs before recovery: the one look-up that finds it gone, not a refused call for each of the
  // screen's and the header's requests (the leaderboard reads the member's record again, the bell its count).
  const refused = refusedCalls(page);
  await page.goto('/leaderboard');
  await expect(page.getByText('User not found, reloading...')).toBeVisible();
  await shot(page, 'onboarding-30-user-not-found');
  await expect(page.getByRole('heading', { name: 'Leaderboard', exact: true })).toBeVisible();
  const fresh = await newUserId(page, oldId, goneId);
  const me = await page.evaluate(async (uid) => (await fetch(`/api/users/${uid}`)).json(), fresh);
  expect(me).toMatchObject({ id: fresh, isVerified: false, points: 0 });
  expect(refused).toEqual([`404 /api/users/${goneId}`]);
});

test("a session that is gone (cookie cleared): the look-up reads a stranger's view, and no call is refused before the fresh user", async ({ page }) => {
  const pending = callsInFlight(page);
  // The bell's count is asked for when it mounts (the live stream's pushed count may cancel the answer).
  const counted = page.waitForRequest((request) => /^\/api\/notifications\/[^/]+\/count$/.test(new URL(request.url()).pathname));
  const oldId = await openApp(page, '/activity');
  await expect(page.getByRole('banner').getByRole('button', { name: /^Notifications/ })).toBeVisible();
  // The cookie goes once the member's calls are answered: a call sent after it went would be refused by right.
  await counted;
  await expect.poll(() => pending.size).toBe(0);
  await page.context().clearCookies();
  const refused = refusedCalls(page);
  await page.reload();
  await newUserId(page, oldId);
  await expect(page.getByRole('heading', { name: 'My Activity' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Notifications/ })).toBeVisible();
  expect(refused).toEqual([]);
});

/** The JS a screen downloaded: gzipped size, files, and the code itself (chunks are merged, so names prove little). */
async function firstScreenJs(page: Page, load: () => Promise<void>): Promise<{ total: number; files: string[]; code: string }> {
  const bodies = new Map<string, Buffer>();
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.body().catch(() => null);
    if (body) bodies.set(new URL(response.url()).pathname, body);
  });
  await load();
  await page.waitForLoadState('networkidle');
  const total = [...bodies.values()].reduce((sum, body) => sum + gzipSync(body).length, 0);
  return { total, files: [...bodies.keys()], code: [...bodies.values()].map(String).join('\n') };
}

test('the first screen stays light: at most 170 KB of gzipped JS, onboarding included', async ({ browser, baseURL }) => {
  const firstVisit = await newNeighbour(browser, baseURL as string, { firstVisit: true });
  try {
    const js = await firstScreenJs(firstVisit.page, async () => {
      await openApp(firstVisit.page, '/', { firstVisit: true });
      await expect(firstVisit.page.getByRole('heading', { name: 'Welcome to Curbside!' })).toBeVisible();
    });
    test
      .info()
      .annotations.push({ type: 'first visit (onboarding) JS, gzipped', description: `${(js.total / 1024).toFixed(1)} KB in ${js.files.length} files` });
    expect(js.total).toBeLessThanOrEqual(170 * 1024);
    // The contracts' validation (zod) stays out of the first screen: it comes with the forms that use it.
    expect(js.code).not.toContain('ZodError');
  } finally {
    await firstVisit.context.close();
  }

  const returning = await newNeighbour(browser, baseURL as string);
  try {
    const js = await firstScreenJs(returning.page, async () => {
      await openApp(returning.page);
      await expect(returning.page.getByRole('tab', { name: 'Fresh Finds' })).toBeVisible();
    });
    test.info().annotations.push({ type: 'feed JS, gzipped', description: `${(js.total / 1024).toFixed(1)} KB in ${js.files.length} files` });
    // A returning neighbour downloads no onboarding, and no zod either.
    expect(js.code).not.toContain('Skip location access');
    expect(js.code).not.toContain('ZodError');
    // Every file the feed needs is named by the page itself (the screen's files as module preloads), so none is
    // discovered only after the app's entry has run.
    const page = await (await returning.page.request.get('/')).text();
    const named = [...page.matchAll(/(?:src|href)="(\/assets\/[\w.-]+\.js)"/g)].map((match) => match[1]);
    expect(js.files.filter((file) => !named.includes(file))).toEqual([]);
    expect(js.total).toBeLessThanOrEqual(170 * 1024);
  } finally {
    await returning.context.close();
  }
});

test('the map screen downloads its own code: every file named by its page, and no comments panel', async ({ browser, baseURL }) => {
  const neighbour = await newNeighbour(browser, baseURL as string);
  try {
    const js = await firstScreenJs(neighbour.page, async () => {
      await openApp(neighbour.page, '/map');
      await expect(neighbour.page.getByTestId('items-map')).toBeVisible();
    });
    test.info().annotations.push({ type: 'map JS, gzipped', description: `${(js.total / 1024).toFixed(1)} KB in ${js.files.length} files` });
    // Small chunks are merged by the build, and a new shared module can change what goes with what: the map screen
    // once came with the comments panel this way.
    expect(js.code).not.toContain('Add a comment...');
    const page = await (await neighbour.page.request.get('/map')).text();
    const named = [...page.matchAll(/(?:src|href)="(\/assets\/[\w.-]+\.js)"/g)].map((match) => match[1]);
    expect(js.files.filter((file) => !named.includes(file))).toEqual([]);
  } finally {
    await neighbour.context.close();
  }
});
