import { expect, test, type Page } from '@playwright/test';
import { card, newNeighbour, openApp, postId, postItem, shot, verifiedNeighbour } from './helpers';
import { grantRole, postOlderThanAnHour } from './operator';

/** The passphrase whose hash app-server.ts gives the app as EMERGENCY_PASSWORD_HASH. */
const E2E_EMERGENCY_PASSWORD = 'curbside emergency e2e passphrase';
/** The secret sequence of the hidden entry (features/admin/lib/secret-sequence.ts). */
const SECRET_SEQUENCE = 'sos911';

async function points(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const id = localStorage.getItem('userId');
    const response = await fetch(`/api/users/${id}`, { credentials: 'include' });
    return ((await response.json()) as { points: number }).points;
  });
}

function bell(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
}

test('earn points: a post’s points wait as pending until a verified neighbour confirms it, then the First Post Badge; enough points redeem a reward', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await openApp(page);
  const first = `Oak bookshelf ${Date.now()}`;
  await postItem(page, first);
  // Pending: named as such in the banner, not in the points (docs/product-rules.md, "Points").
  await expect(page.getByTestId('pending-points')).toHaveText(
    '+10 pending: final when the item is picked up or confirmed still there (never in its first hour), or after 6 hours',
    {
      timeout: 20_000,
    },
  );
  await expect(page.getByTestId('banner-points')).toHaveText('0 points to spend');
  await shot(page, 'c00-pending-points');
  const neighbour = await verifiedNeighbour(browser, baseURL as string);
  // A confirmation in the post's first hour makes its points final only when the hour is over.
  await postOlderThanAnHour(await postId(page, first));
  await neighbour.confirm(await postId(page, first));

  const celebration = page.getByTestId('badge-celebration');
  await expect(celebration).toBeVisible({ timeout: 20_000 });
  await expect(celebration).toContainText('Badge Earned!');
  await expect(celebration).toContainText('First Post Badge');
  // The figures follow the live event without a reload: the post's 10 and the badge's 10, named as points to spend.
  await expect(page.getByTestId('banner-points')).toHaveText('20 points to spend', { timeout: 5_000 });
  await expect(page.getByTestId('pending-points')).toBeHidden({ timeout: 5_000 });
  await shot(page, 'c01-badge-celebration');
  await expect(celebration).toBeHidden({ timeout: 8_000 });

  // Post until the cheapest reward (Spotlight Post, 50 points) is within reach: 10 a post once confirmed, 10 for the badge.
  for (const title of ['Brass floor lamp', 'Kids bicycle', 'Ceramic plant pots']) {
    if ((await points(page)) >= 50) break;
    const titled = `${title} ${Date.now()}`;
    await postItem(page, titled);
    await postOlderThanAnHour(await postId(page, titled));
    await neighbour.confirm(await postId(page, titled));
  }
  await neighbour.close();
  await expect.poll(() => points(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(50);
  const before = await points(page);

  await page.goto('/shop');
  await expect(page.getByRole('heading', { name: 'Points Shop' })).toBeVisible();
  await expect(page.getByTestId('shop-points')).toHaveText(`${before} points to spend`);
  for (const section of ['Perks', 'Merch & Virtual Gift Cards', 'Donations']) await expect(page.getByRole('heading', { name: section })).toBeVisible();
  const spotlight = page.getByTestId('reward-card').filter({ has: page.getByRole('heading', { name: 'Spotlight Post' }) });
  await expect(spotlight.getByText('50 pts')).toBeVisible();
  await expect(spotlight.getByText('0/5 redeemed')).toBeVisible();
  const tote = page.getByTestId('reward-card').filter({ has: page.getByRole('heading', { name: 'Curbside Tote Bag' }) });
  await expect(tote.getByText(`Need ${600 - before} more points`)).toBeVisible();
  await expect(tote.getByRole('button', { name: 'Redeem Curbside Tote Bag' })).toBeDisabled();
  await shot(page, 'c02-shop');

  await spotlight.getByRole('button', { name: 'Redeem Spotlight Post' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Reward Redeemed!');
  await expect(toast).toContainText('Spotlight Post is yours. 50 points were deducted.');
  await expect(spotlight.getByText('1/5 redeemed')).toBeVisible();
  await expect(page.getByTestId('shop-points')).toHaveText(`${before - 50} points to spend`);
  await shot(page, 'c03-shop-redeemed');

  // Back goes back in the tab's history (the shop was opened by a full page load from the feed), and the banner has
  // the balance the redemption left, not the one it had before; the leaderboard names its figure as earned.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('banner-points')).toHaveText(`${before - 50} points to spend`, { timeout: 5_000 });

  // The perk does what it says (docs/product-rules.md, "Perks"): used from the profile on the member's oldest post,
  // that post leads a stranger's feed, labelled Spotlight.
  await page.goto('/profile');
  const perk = page.getByTestId('perk').filter({ hasText: 'Spotlight Post' });
  await perk.getByRole('button', { name: 'Use Spotlight Post' }).click();
  await page.getByRole('button', { name: `Spotlight ${first}` }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Spotlight Post used' })).toContainText('in the spotlight for 24 hours');
  await expect(perk).toContainText('In the spotlight until');
  await shot(page, 'c03a-perk-used');
  const stranger = await newNeighbour(browser, baseURL as string);
  await openApp(stranger.page);
  const lead = stranger.page.getByTestId('item-card').first();
  await expect(lead.getByRole('heading', { name: first })).toBeVisible({ timeout: 15_000 });
  await expect(lead.getByTestId('spotlight-label')).toHaveText('Spotlight');
  await shot(stranger.page, 'c03b-spotlight-first-in-feed');
  await stranger.context.close();

  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { name: 'Badges (1/7)' })).toBeVisible();
  const me = page.getByTestId('leaderboard-row').filter({ hasText: '(you)' });
  await expect(me.getByText('First Post Badge')).toBeVisible();
  await expect(me.getByText(`${before} points earned`)).toBeVisible();
  await expect(page.getByText('Active Users')).toBeVisible();
  await shot(page, 'c04-leaderboard');
  await page.getByRole('button', { name: /First Post Badge/ }).click();
  const badge = page.getByRole('dialog', { name: 'First Post Badge' });
  await expect(badge.getByText('How to earn:')).toBeVisible();
  await expect(badge.getByText('✓ Earned')).toBeVisible();
  await shot(page, 'c05-badge-dialog');
});

test('the shop’s Back after a full page load goes back in the tab’s history, and to the feed when nothing of ours is before it', async ({
  page,
  browser,
  baseURL,
}) => {
  await openApp(page, '/leaderboard');
  await expect(page.getByRole('heading', { name: 'Leaderboard', exact: true })).toBeVisible();
  // A full page load of the shop: the router's own history starts again, the tab's still holds the leaderboard.
  await page.goto('/shop');
  await expect(page.getByRole('heading', { name: 'Points Shop' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(page.getByRole('heading', { name: 'Leaderboard', exact: true })).toBeVisible();

  // Opened in a tab of its own (a shared link): Back goes to the feed.
  const { context, page: fresh } = await newNeighbour(browser, baseURL as string);
  try {
    await openApp(fresh, '/shop');
    await fresh.getByRole('button', { name: 'Back' }).click();
    await expect(fresh).toHaveURL(/\/$/);
    await expect(fresh.getByRole('tab', { name: 'Fresh Finds' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a notification arrives live: another neighbour reserves my item, and I mark it read in the panel', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await openApp(page);
  const title = `Garden bench ${Date.now()}`;
  await postItem(page, title);
  // The post's points are pending (no badge, so no notification of its own yet): the first one is the reservation.
  await expect(page.getByTestId('pending-points')).toBeVisible({ timeout: 20_000 });
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  const other = await newNeighbour(browser, baseURL as string);
  try {
    await openApp(other.page);
    await card(other.page, title).getByRole('button', { name: 'Claim' }).click();
    const terms = other.page.getByRole('dialog', { name: 'Pickup Safety Terms' });
    const claim = other.page.getByRole('dialog', { name: 'Claim Item' });
    await expect(terms.or(claim).first()).toBeVisible();
    if (await terms.isVisible()) {
      for (const box of await terms.getByRole('checkbox').all()) await box.check();
      await terms.getByRole('button', { name: 'Accept & Continue' }).click();
    }
    await claim.getByRole('button', { name: /Reserve with First Dibs/ }).click();
    await expect(other.page.getByTestId('toast').filter({ hasText: 'First Dibs!' })).toBeVisible();
  } finally {
    await other.context.close();
  }

  // No reload, no click: the stream brings it (the count is polled every 30 s only when the stream is down).
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 10_000 });
  await expect(page.getByTestId('unread-badge')).toHaveText('1');
  await shot(page, 'c06-bell-unread');

  await bell(page).click();
  await expect(panel).toBeVisible();
  const row = panel.getByTestId('notification').filter({ hasText: 'Pickup Request' });
  await expect(row).toContainText(title);
  await expect(row).toHaveAttribute('data-read', 'false');
  await shot(page, 'c07-panel-unread');
  await row.getByRole('button', { name: 'Mark "Pickup Request" as read' }).click();
  await expect(row).toHaveAttribute('data-read', 'true');
  await expect(row.getByRole('button')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Mark All Read' })).toBeHidden();
  await panel.getByRole('button', { name: 'Unread' }).click();
  await expect(panel.getByText('No unread notifications')).toBeVisible();
  await expect(panel.getByText("You're all caught up!")).toBeVisible();
  await shot(page, 'c08-panel-read');

  // A click outside the panel closes it.
  await page.mouse.click(180, 700);
  await expect(panel).toBeHidden();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
});

test('administrator granted by the operator command: emergency lookup, then its log entry', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const other = await newNeighbour(browser, baseURL as string);
  const targetId = await openApp(other.page);
  // The member (whose home screen reports its position for nearby alerts) adds an emergency contact in settings.
  await other.page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
  await other.page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('button', { name: /^Emergency contact/ })
    .click();
  const contact = other.page.getByRole('dialog', { name: 'Emergency contact' });
  await contact.getByLabel('Contact name').fill('Robin Ortega');
  await contact.getByLabel('Contact phone').fill('(212) 555-0177');
  await contact.getByRole('button', { name: 'Save' }).click();
  await expect(other.page.getByTestId('toast')).toContainText('Emergency contact saved');
  await shot(other.page, 'c09-emergency-contact');
  await other.context.close();

  const adminId = await openApp(page);
  await grantRole(adminId);

  await page.goto('/search');
  // The hidden entry listens once the member's record has loaded (the bell shows with it): keys typed before then
  // are not the sequence.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications' })).toBeVisible();
  await page.getByLabel('Search items').pressSequentially(SECRET_SEQUENCE, { delay: 50 });
  const gate = page.getByRole('dialog', { name: 'Admin Authentication Required' });
  await expect(gate).toBeVisible();
  await shot(page, 'c09-admin-gate');

  // A wrong password is refused by the server at the gate: no dashboard, no log; the field is cleared and focused.
  await gate.getByLabel('Admin password').fill('not the password at all');
  await gate.getByLabel('Admin password').press('Enter');
  await expect(page.getByTestId('toast')).toContainText('Access Denied');
  await expect(page.getByTestId('toast')).toContainText('Invalid admin password');
  await expect(gate.getByLabel('Admin password')).toHaveValue('');
  await expect(gate.getByLabel('Admin password')).toBeFocused();
  const dashboard = page.getByRole('dialog', { name: 'Emergency Access Dashboard' });
  await expect(dashboard).toBeHidden();
  await expect(page.getByText('ADMIN MODE ACTIVE')).toBeHidden();

  await gate.getByLabel('Admin password').fill(E2E_EMERGENCY_PASSWORD);
  await gate.getByRole('button', { name: 'Authenticate' }).click();
  await expect(dashboard.getByText('For safety emergencies only. All access is logged and audited.')).toBeVisible();
  await dashboard.getByLabel('Target user ID').fill(targetId);
  await dashboard.getByLabel('Reason').fill('Family reports the member missing since last night');
  await dashboard.getByLabel('Law enforcement case number (optional)').fill('NYPD-2026-0412');
  await dashboard.getByRole('button', { name: 'Request Emergency Access' }).click();
  await expect(page.getByTestId('toast')).toContainText('Emergency Access Granted');
  const user = dashboard.getByTestId('emergency-user-panel');
  await expect(user).toContainText(targetId);
  // The position kept for alerts, with its time and a map link, and the contact from settings.
  await expect(user.getByTestId('emergency-last-position')).toContainText('40.75800, -73.98550 · reported');
  await expect(user.getByTestId('emergency-last-position').getByRole('link', { name: 'Open map' })).toBeVisible();
  await expect(user.getByText('Robin Ortega, +12125550177')).toBeVisible();
  await expect(user.getByText('Not provided').first()).toBeVisible();
  // The next lookup starts without the last one's case number.
  await expect(dashboard.getByLabel('Law enforcement case number (optional)')).toHaveValue('');
  await shot(page, 'c10-admin-lookup');

  const entry = dashboard.getByTestId('emergency-log-entry').filter({ hasText: 'NYPD-2026-0412' });
  await expect(entry).toContainText('granted');
  await expect(entry).toContainText(targetId);
  // The refused unlock is in the log too.
  await expect(dashboard.getByTestId('emergency-log-entry').filter({ hasText: 'refused' }).first()).toBeVisible();
  await entry.scrollIntoViewIfNeeded();
  await shot(page, 'c11-admin-log');

  // One unlock allows ten lookups: nine more through the API, then the eleventh from the dashboard sends the admin back
  // to the password with the server's reason, the field empty and focused.
  for (let i = 0; i < 9; i++) {
    const answer = await page.request.post('/api/emergency/access', {
      data: { adminUserId: adminId, targetUserId: targetId, searchType: 'id', reason: 'Family reports the member missing since last night' },
    });
    expect(answer.ok()).toBe(true);
  }
  await dashboard.getByLabel('Target user ID').fill(targetId);
  await dashboard.getByLabel('Reason').fill('Family reports the member missing since last night');
  await dashboard.getByRole('button', { name: 'Request Emergency Access' }).click();
  await expect(gate).toBeVisible();
  await expect(gate.getByText('You looked up 10 members with this unlock: enter the emergency password again to look up more.')).toBeVisible();
  await expect(gate.getByLabel('Admin password')).toHaveValue('');
  await expect(gate.getByLabel('Admin password')).toBeFocused();
  await shot(page, 'c12-admin-lookup-limit');
});

test('a member who is not an administrator is refused', async ({ page }) => {
  await openApp(page);
  const area = page.getByTestId('hidden-admin-area');
  const box = await area.boundingBox();
  if (!box) throw new Error('the hidden area has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(4_500);
  await page.mouse.up();
  const denied = page.getByRole('dialog', { name: 'Access Denied' });
  await expect(denied.getByText('You do not have administrator privileges to access this feature.')).toBeVisible();
  await expect(page.getByLabel('Admin password')).toHaveCount(0);
  await shot(page, 'c12-access-denied');
  await denied.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(denied).toBeHidden();
});
