import { createRequire } from 'node:module';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { card, MANHATTAN, newNeighbour, openApp, photo, postAt, postGarageSale, shot } from './helpers';
import { grantPoints, grantRole } from './operator';

/** axe-core's browser build, injected into each page (nothing is fetched: it is a dev dependency of the frontend). */
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** WCAG 2.x A and AA, and axe's best practices (heading order, landmarks), as the audit ran them. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const COUNTED = ['critical', 'serious', 'moderate'];

/** Where the app's screens are: every route of app/router.tsx (an item's page with a real item) and an unknown one. */
const ROUTES = [
  '/',
  '/map',
  '/search',
  '/activity',
  '/top-finds',
  '/post-garage-sale',
  '/profile',
  '/shop',
  '/leaderboard',
  '/impact',
  '/wanted',
  '/moderation',
  '/appeal',
  '/admin/fulfilment',
  '/no-such-page',
];

/** The violations axe finds on the page as it is now (critical, serious and moderate), one line each. */
async function audit(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async (tags) => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[]; failureSummary?: string }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} (${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()})`),
    }));
  }, TAGS);
  return found.filter((v) => COUNTED.includes(v.impact)).map((v) => `${where}: ${v.impact} ${v.id}: ${v.nodes.join(' | ')}`);
}

/** A screen once it has drawn its data: its title is there and no skeleton is left. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForTimeout(250);
}

/** Opens a dialog with `opener` (a click, unless `open` says otherwise), audits the page with it open, closes it with Escape. */
async function auditDialog(page: Page, opener: Locator, where: string, open: (opener: Locator) => Promise<void> = (o) => o.click()): Promise<string[]> {
  const before = await page.locator('dialog[open]').count();
  await open(opener);
  const dialog = page.locator('dialog[open]').nth(before);
  await expect(dialog).toBeVisible();
  await page.waitForTimeout(300);
  const name =
    (await dialog.getAttribute('aria-label')) ??
    (await dialog
      .locator('h2')
      .first()
      .textContent()
      .catch(() => '')) ??
    '';
  const found = await audit(page, `${where} › dialog "${name.trim()}"`);
  await page.keyboard.press('Escape');
  await expect(page.locator('dialog[open]')).toHaveCount(before);
  return found;
}

/** A member's own browser in the theme, where axe can be injected; the first visit skipped unless asked for. */
const member = (browser: Browser, baseURL: string, colorScheme: 'light' | 'dark', firstVisit = false) =>
  newNeighbour(browser, baseURL, { colorScheme, bypassCSP: true, firstVisit });

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds nothing serious or moderate on any screen or open dialog (${colorScheme} theme)`, async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const found: string[] = [];

    // A neighbour's post, so that an item's page, its card's actions and their dialogs are there to check.
    const { context, page: poster } = await member(browser, baseURL as string, colorScheme);
    await openApp(poster);
    const title = `Axe check lamp ${colorScheme} ${Date.now()}`;
    const itemId = await postAt(poster, title, MANHATTAN);
    await context.clearCookies();
    await poster.evaluate(() => localStorage.clear());
    await poster.close();

    const page = await context.newPage();
    await openApp(page);
    for (const route of [...ROUTES, `/items/${itemId}`]) {
      await page.goto(route);
      await settled(page);
      found.push(...(await audit(page, route)));
      await shot(page, `a11y-${colorScheme}${route.replace(/\//g, '-').replace(/-[0-9a-f-]{36}$/, '-id')}`);
    }

    // The wide layout of the main screens, on a desktop.
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const route of ['/', '/map', '/profile', '/shop']) {
      await page.goto(route);
      await settled(page);
      found.push(...(await audit(page, `${route} (desktop)`)));
      await shot(page, `a11y-${colorScheme}-desktop${route.replace(/\//g, '-')}`);
    }
    await page.setViewportSize({ width: 360, height: 740 });

    // The home screen's dialogs: posting, the bell, scout mode, and a neighbour's item (report, claim's terms).
    await page.goto('/');
    await settled(page);
    await expect(card(page, title)).toBeVisible();
    found.push(...(await auditDialog(page, page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Post' }), '/')));
    found.push(...(await auditDialog(page, page.getByRole('banner').getByRole('button', { name: /^Notifications/ }), '/')));
    found.push(...(await auditDialog(page, page.getByRole('banner').getByRole('button', { name: 'Scout Mode' }), '/')));
    await card(page, title).getByRole('button', { name: 'More actions' }).click();
    found.push(...(await auditDialog(page, page.getByRole('menuitem', { name: 'Report' }), '/')));
    found.push(...(await auditDialog(page, card(page, title).getByRole('button', { name: 'Claim' }), '/')));
    await card(page, title).getByRole('button', { name: 'More actions' }).click();
    found.push(...(await auditDialog(page, page.getByRole('menuitem', { name: /^Block/ }), '/')));
    // A toast on screen, in the header's slot (its region and list semantics were axe's finding before).
    await card(page, title)
      .getByRole('button', { name: `Share ${title}` })
      .click();
    await expect(page.getByTestId('toast')).toBeVisible();
    found.push(...(await audit(page, '/ with a toast')));
    await shot(page, `a11y-${colorScheme}-toast`);

    // Posting for the first time: the safety terms ask first; then the member's own post can be edited.
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Post' }).click();
    const sheet = page.getByRole('dialog', { name: 'Post an Item' });
    await sheet.getByTestId('photo-input').setInputFiles(await photo(page, 'curb.png'));
    await expect(sheet.getByText('Photo uploaded')).toBeVisible({ timeout: 20_000 });
    const own = `Axe check chair ${colorScheme} ${Date.now()}`;
    await sheet.getByLabel('Title').fill(own);
    await sheet.getByLabel('Category').selectOption('Furniture');
    await sheet.getByRole('button', { name: /^Post Item/ }).click();
    const terms = page.getByRole('dialog', { name: 'Posting Safety Terms' });
    await expect(terms).toBeVisible();
    found.push(...(await audit(page, '/ › dialog "Posting Safety Terms"')));
    for (const box of await terms.getByRole('checkbox').all()) await box.check();
    await terms.getByRole('button', { name: 'Accept & Continue' }).click();
    // The neighbour's "Axe check lamp" nearby is similar enough to be asked about.
    const similar = page.getByRole('dialog', { name: 'Similar Items Found' });
    await expect(similar).toBeVisible();
    found.push(...(await audit(page, '/ › dialog "Similar Items Found"')));
    await similar.getByRole('button', { name: 'Post Anyway' }).click();
    await expect(card(page, own)).toBeVisible();
    await card(page, own).getByRole('button', { name: 'More actions' }).click();
    found.push(...(await auditDialog(page, page.getByRole('menuitem', { name: 'Edit Item' }), '/')));

    // Search: saving a search, and the hidden emergency entry (typed into a search box).
    await page.goto('/search');
    await settled(page);
    await page.getByLabel('Search items').fill('lamp');
    found.push(...(await auditDialog(page, page.getByRole('button', { name: /^Save this search/ }), '/search')));
    await page.getByLabel('Search items').fill('');
    found.push(...(await auditDialog(page, page.getByLabel('Search items'), '/search', (box) => box.pressSequentially('sos911'))));

    // The profile's settings, each a dialog, and the plans.
    await page.goto('/profile');
    await settled(page);
    const settings = page.getByRole('navigation', { name: 'Settings' });
    for (const row of [
      'Account Verification',
      'Notifications',
      'App Tutorial',
      'Saved searches',
      'Blocked members',
      'Emergency contact',
      'Terms & Safety',
      'Start Fresh',
    ]) {
      found.push(...(await auditDialog(page, settings.getByRole('button', { name: new RegExp(`^${row}`) }), '/profile')));
    }
    found.push(...(await auditDialog(page, page.getByRole('button', { name: 'Change profile picture' }), '/profile')));
    found.push(...(await auditDialog(page, page.getByRole('button', { name: /^(Upgrade|Change Plan)$/ }), '/profile')));
    await context.close();

    // A first visit: onboarding's first step, and phone sign-in.
    const { context: first, page: visitor } = await member(browser, baseURL as string, colorScheme, true);
    await openApp(visitor, '/', { firstVisit: true });
    await expect(visitor.getByRole('heading', { name: 'Welcome to Curbside!' })).toBeVisible();
    found.push(...(await audit(visitor, 'onboarding')));
    found.push(...(await auditDialog(visitor, visitor.getByRole('button', { name: 'Login with Phone Number' }), 'onboarding')));
    await first.close();

    expect(found, found.join('\n')).toEqual([]);
  });
}

/** A dialog (or, unless given, the page) once it has drawn: its state is audited and a screenshot taken. */
async function auditOpen(page: Page, where: string, name: string): Promise<string[]> {
  await page.waitForTimeout(300);
  const found = await audit(page, where);
  await shot(page, name);
  return found;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds nothing serious or moderate in a garage sale's messages, the review queue's decision and fulfilment (${colorScheme} theme)`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const found: string[] = [];

    // A poster with a garage sale, and one whose description the automatic checks hold for review (a deposit asked).
    const { context: posterContext, page: poster } = await member(browser, baseURL as string, colorScheme);
    const posterId = await openApp(poster);
    const sale = `Axe sale ${colorScheme} ${Date.now()}`;
    const saleId = await postGarageSale(poster, sale);
    const held = `Axe held sale ${colorScheme} ${Date.now()}`;
    await postGarageSale(poster, held, 'Send me a $50 deposit by gift card to hold anything');

    // A neighbour interested in the sale writes to its poster: the messages sheet with a message in it.
    const { context: neighbourContext, page: neighbour } = await member(browser, baseURL as string, colorScheme);
    const neighbourId = await openApp(neighbour, `/items/${saleId}`);
    await card(neighbour, sale)
      .getByRole('button', { name: /Interested/ })
      .click();
    await card(neighbour, sale).getByRole('button', { name: 'Message poster' }).click();
    const thread = neighbour.getByRole('dialog', { name: `Messages: ${sale}` });
    await thread.getByLabel('Your message').fill('Will you have the bookshelf?');
    await thread.getByRole('button', { name: 'Send' }).click();
    await expect(thread.getByText('Will you have the bookshelf?')).toBeVisible();
    found.push(...(await auditOpen(neighbour, `/items/{id} › dialog "Messages: ${sale}"`, `a11y-${colorScheme}-messages`)));
    await neighbour.keyboard.press('Escape');
    await expect(thread).toHaveCount(0);

    // The poster's side: who wrote (the threads list), then the thread.
    await poster.goto(`/items/${saleId}`);
    await card(poster, sale).getByRole('button', { name: 'Messages (1)' }).click();
    const list = poster.getByRole('dialog', { name: `Messages: ${sale}` });
    const row = list.getByRole('list', { name: 'Conversations' }).getByRole('button');
    await expect(row).toContainText('Awaiting reply');
    found.push(...(await auditOpen(poster, '/items/{id} › dialog "Messages" (conversations)', `a11y-${colorScheme}-threads`)));
    await row.click();
    await expect(list.getByText('Will you have the bookshelf?')).toBeVisible();
    found.push(...(await auditOpen(poster, '/items/{id} › dialog "Messages" (a conversation)', `a11y-${colorScheme}-thread`)));
    await poster.keyboard.press('Escape');

    // The neighbour as a moderator: the held sale in the review queue, its decision refused without a reason.
    await grantRole(neighbourId, 'moderator');
    await neighbour.goto('/moderation');
    await settled(neighbour);
    const entry = neighbour.getByRole('article', { name: held });
    await expect(entry).toBeVisible();
    found.push(...(await auditOpen(neighbour, '/moderation with a case', `a11y-${colorScheme}-moderation-case`)));
    await entry.getByRole('button', { name: 'Restore' }).click();
    await expect(entry.getByRole('alert')).toBeVisible();
    found.push(...(await auditOpen(neighbour, '/moderation › decision refused', `a11y-${colorScheme}-moderation-decision`)));

    // The neighbour redeems a tote bag to be posted (the address form, refused, then filled) …
    grantPoints(neighbourId, 700);
    await neighbour.goto('/shop');
    await expect(neighbour.getByTestId('shop-points')).toHaveText('700 points to spend');
    const tote = neighbour.getByTestId('reward-card').filter({ has: neighbour.getByRole('heading', { name: 'Curbside Tote Bag' }) });
    await tote.getByRole('button', { name: 'Redeem Curbside Tote Bag' }).click();
    const form = neighbour.getByRole('dialog', { name: 'Where should we send your Curbside Tote Bag?' });
    await form.getByRole('button', { name: 'Redeem for 600 points' }).click();
    await expect(form.getByText('City is required')).toBeVisible();
    found.push(...(await auditOpen(neighbour, '/shop › dialog "Where should we send…" refused', `a11y-${colorScheme}-address`)));
    await form.getByLabel('Full name').fill('Ada Lovelace');
    await form.getByLabel('Address line 1').fill(`${colorScheme === 'light' ? 7 : 9} Axe Lane`);
    await form.getByLabel('City').fill('New York');
    await form.getByLabel('Postal code').fill('10036');
    await form.getByLabel('Country').fill('United States');
    await form.getByRole('button', { name: 'Redeem for 600 points' }).click();
    await expect(neighbour.getByTestId('shop-points')).toHaveText('100 points to spend');
    await neighbourContext.close();

    // … and the poster, an administrator, sends it or cancels it with a reason (refused without one).
    await grantRole(posterId);
    await poster.goto('/admin/fulfilment');
    await settled(poster);
    const open = poster
      .getByRole('article')
      .filter({ hasText: 'Curbside Tote Bag' })
      .filter({ hasText: `${colorScheme === 'light' ? 7 : 9} Axe Lane` });
    await expect(open).toBeVisible();
    found.push(...(await auditOpen(poster, '/admin/fulfilment with a redemption', `a11y-${colorScheme}-fulfilment`)));
    await open.getByRole('button', { name: 'Cancel…' }).click();
    await open.getByRole('button', { name: 'Cancel and give the points back' }).click();
    await expect(open.getByText('Give a reason for the cancellation')).toBeVisible();
    found.push(...(await auditOpen(poster, '/admin/fulfilment › cancel refused', `a11y-${colorScheme}-fulfilment-cancel`)));
    // Cancelled, so that no other journey finds it open.
    await open.getByLabel('Why it is cancelled (the member reads it)').fill('Out of tote bags');
    await open.getByRole('button', { name: 'Cancel and give the points back' }).click();
    await expect(poster.getByTestId('toast')).toContainText('Redemption cancelled');
    await posterContext.close();

    expect(found, found.join('\n')).toEqual([]);
  });
}
