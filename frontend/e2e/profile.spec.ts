import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newNeighbour, openApp, photo, shot, smsCode } from './helpers';
import { waitOutSendInterval } from './operator';

function settingsRow(page: Page, label: string) {
  return page.getByRole('navigation', { name: 'Settings' }).getByRole('button', { name: new RegExp(`^${label}`) });
}

/**
 * The profile with everything above the settings loaded (stats, impact, plan): a card that fills in after the rows
 * were found moves them, and a click aimed at one row would land beside it.
 */
async function profileSettled(page: Page): Promise<void> {
  await expect(page.getByRole('navigation', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Plan$/ }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function openProfile(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await profileSettled(page);
}

test('profile from the header: notification settings are kept after a reload', async ({ page }) => {
  const userId = await openApp(page);
  await openProfile(page);
  const user = (await (await page.request.get(`/api/users/${userId}`)).json()) as { username: string };
  await expect(page.getByRole('heading', { level: 1, name: user.username })).toBeVisible();
  await expect(page.getByTestId('profile-points')).toHaveText('0 points to spend');
  const stats = page.getByRole('region', { name: 'Stats' });
  for (const label of ['Items Posted', 'Scout Finds', 'Votes Received']) await expect(stats.getByText(label)).toBeVisible();
  await expect(stats).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('heading', { name: 'Free Plan' })).toBeVisible();
  await shot(page, 'profile-01-page');

  await settingsRow(page, 'Notifications').click();
  const dialog = page.getByRole('dialog', { name: 'Notification Settings' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('slider', { name: 'Notification radius' }).fill('7.5');
  await expect(dialog.getByText('7.5 miles')).toBeVisible();
  // On Free, item alerts are held in the app too until the plan's time.
  await expect(dialog.getByText('Item alerts 15 minutes after the post, in the app as everywhere else; everything else at once.')).toBeVisible();
  await expect(dialog.getByText('Garage sale alerts are available on the Premium and Pro plans')).toBeVisible();
  // A switch the plan locks opens the plans; Escape closes them alone, back on the switch in the settings.
  const garage = dialog.getByRole('switch', { name: /Garage sale alerts \(Premium and up\)/ });
  await garage.click();
  const plans = page.getByRole('dialog', { name: 'Choose Your Plan' });
  await expect(plans.getByText('Garage sale alerts are available on the Premium and Pro plans.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(plans).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(garage).toBeFocused();
  await expect(garage).not.toBeChecked();
  await dialog.getByRole('switch', { name: /Voting alerts/ }).check();
  await dialog.getByRole('switch', { name: /New item alerts/ }).uncheck();
  await dialog.getByRole('switch', { name: /E-mail notifications/ }).check();
  await shot(page, 'profile-02-notification-settings');
  // The Cancel / Save bar reaches the sheet's bottom edge: no strip of the settings scrolls by under it.
  const bar = await dialog.getByRole('button', { name: 'Save Preferences' }).locator('..').boundingBox();
  const sheet = await dialog.boundingBox();
  expect(Math.abs((bar?.y ?? 0) + (bar?.height ?? 0) - ((sheet?.y ?? 0) + (sheet?.height ?? 0)))).toBeLessThan(1);
  await dialog.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Preferences Updated' })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  // After the reload the cards above fill in again: wait for them, or the click lands beside the row.
  await profileSettled(page);
  await settingsRow(page, 'Notifications').click();
  await expect(dialog.getByRole('slider', { name: 'Notification radius' })).toHaveValue('7.5');
  await expect(dialog.getByRole('switch', { name: /Voting alerts/ })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: /New item alerts/ })).not.toBeChecked();
  await expect(dialog.getByRole('switch', { name: /E-mail notifications/ })).toBeChecked();
  const saved = (await (await page.request.get(`/api/users/${userId}`)).json()) as { notificationRadius: string; enableVotingAlerts: boolean };
  expect(saved).toMatchObject({ notificationRadius: '7.5', enableVotingAlerts: true });
});

test('a locked radius opens the plans; choosing Premium shows the tier and unlocks 25 miles', async ({ page }) => {
  await openApp(page);
  await expect(page.getByText('Searching 5 miles around you')).toBeVisible();
  await page.getByRole('button', { name: 'Change' }).click();
  const picker = page.getByRole('group', { name: 'Search radius' });
  await expect(picker.getByRole('button', { name: '5 mi', exact: true })).toBeVisible();
  await expect(picker.getByRole('button', { name: '25 mi, locked: needs the Premium plan' })).toBeVisible();
  await shot(page, 'profile-03-locked-radii');
  await picker.getByRole('button', { name: '25 mi, locked: needs the Premium plan' }).click();
  const plans = page.getByRole('dialog', { name: 'Choose Your Plan' });
  await expect(plans.getByText('Searching 25 miles needs the Premium plan or higher.')).toBeVisible();
  await shot(page, 'profile-04-plans-from-radius');
  await plans.getByRole('button', { name: 'Close' }).click();
  await expect(plans).toBeHidden();

  await openProfile(page);
  await page.getByRole('button', { name: 'Upgrade' }).click();
  await expect(plans).toBeVisible();
  for (const price of ['$0', '$4.99', '$9.99', '$14.99']) await expect(plans.getByText(price, { exact: true })).toBeVisible();
  await expect(plans.getByText('Most Popular')).toBeVisible();
  await plans.getByRole('button', { name: 'Choose Premium' }).click();
  const done = page.getByRole('dialog', { name: "You're on Premium" });
  await expect(done).toBeVisible();
  await shot(page, 'profile-05-plan-chosen');
  await done.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { name: 'Premium Plan' })).toBeVisible();
  await expect(page.getByTestId('tier-badge')).toHaveText('Premium');
  await shot(page, 'profile-06-premium-tier');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed' }).click();
  await page.getByRole('button', { name: 'Change' }).click();
  await expect(picker.getByRole('button', { name: '25 mi', exact: true })).toBeVisible();
  await expect(picker.getByRole('button', { name: '50 mi, locked: needs the Pro plan' })).toBeVisible();
  await shot(page, 'profile-07-unlocked-radii');
  await picker.getByRole('button', { name: '25 mi', exact: true }).click();
  await expect(page.getByText('Searching 25 miles around you')).toBeVisible();
  const answer = await page.request.get('/api/items?lat=40.758&lng=-73.9855&radius=100&limit=1');
  expect(answer.headers()['x-radius-cap']).toBe('25');
});

test('choosing a plan from a locked radius searches that radius at once', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Change' }).click();
  await page.getByRole('group', { name: 'Search radius' }).getByRole('button', { name: '10 mi, locked: needs the Basic plan' }).click();
  const plans = page.getByRole('dialog', { name: 'Choose Your Plan' });
  await plans.getByRole('button', { name: 'Choose Basic' }).click();
  await page.getByRole('dialog', { name: "You're on Basic" }).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Searching 10 miles around you')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('homeRadius'))).toBe('10');
});

test('a new profile picture, from a file and from the camera, shows in the header', async ({ browser, baseURL }) => {
  const { context, page } = await newNeighbour(browser, baseURL as string);
  await openApp(page);
  await openProfile(page);
  await page.getByRole('button', { name: 'Change profile picture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Profile Picture' });
  await expect(dialog).toBeVisible();
  await shot(page, 'profile-08-avatar-dialog');
  await dialog.getByTestId('avatar-input').setInputFiles(await photo(page, 'me.png'));
  await expect(page.getByTestId('toast').filter({ hasText: 'Profile picture updated' })).toBeVisible();
  await expect(dialog).toBeHidden();
  const headerPicture = page.getByRole('banner').getByRole('link', { name: 'Profile' }).locator('img');
  await expect(headerPicture).toBeVisible();
  const first = await headerPicture.getAttribute('src');
  expect(first).toMatch(/^\/api\/media\//);
  await expect.poll(() => headerPicture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(page, 'profile-09-avatar-in-header');

  await page.getByRole('button', { name: 'Change profile picture' }).click();
  await dialog.getByRole('button', { name: 'Take Photo' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Camera access granted' })).toBeVisible();
  await expect(dialog.getByLabel('Camera preview')).toBeVisible();
  await shot(page, 'profile-10-camera');
  await dialog.getByRole('button', { name: 'Capture' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Profile picture updated' })).toBeVisible();
  await expect.poll(() => headerPicture.getAttribute('src')).not.toBe(first);
  await context.close();
});

test('Terms & Safety and the App Tutorial open from the settings list', async ({ page }) => {
  await openApp(page, '/profile');
  await profileSettled(page);
  const termsRow = settingsRow(page, 'Terms & Safety');
  await termsRow.click();
  const terms = page.getByRole('dialog', { name: 'Terms of Use & Safety Disclaimer' });
  await expect(terms).toBeVisible();
  await expect(terms.getByRole('heading', { level: 3 })).toHaveCount(8);
  await shot(page, 'profile-11-terms');
  await terms.getByRole('button', { name: 'I Understand' }).click();
  await expect(terms).toBeHidden();
  await expect(termsRow).toBeFocused();

  await settingsRow(page, 'App Tutorial').click();
  const tour = page.getByTestId('tutorial');
  await expect(tour).toBeVisible();
  await shot(page, 'profile-12-tutorial');
  await page.keyboard.press('Escape');
  await expect(tour).toBeHidden();
});

test('Other devices signs the account out everywhere but here, and says how many', async ({ browser, baseURL }) => {
  const phone = `555${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  /** Signs a browser profile in to the phone's account through the API, as another device would. */
  const signIn = async (request: APIRequestContext) => {
    waitOutSendInterval(`+1${phone}`);
    const since = new Date();
    expect((await request.post('/api/auth/send-code', { data: { phoneNumber: phone } })).ok()).toBe(true);
    const signedIn = await request.post('/api/auth/verify-code', { data: { phoneNumber: phone, code: await smsCode(`+1${phone}`, since), firstName: 'Ada' } });
    return ((await signedIn.json()) as { user: { id: string } }).user.id;
  };
  const { context, page } = await newNeighbour(browser, baseURL as string);
  const userId = await signIn(context.request);
  const laptop = await browser.newContext({ baseURL });
  expect(await signIn(laptop.request)).toBe(userId);
  expect((await laptop.request.get(`/api/users/${userId}/admin-status`)).status()).toBe(200);

  // This phone's app knows the account it signed in to.
  await context.addInitScript((id) => localStorage.getItem('userId') ?? localStorage.setItem('userId', id), userId);
  expect(await openApp(page, '/profile')).toBe(userId);
  await profileSettled(page);
  const row = settingsRow(page, 'Other devices');
  await row.click();
  const dialog = page.getByRole('dialog', { name: 'Sign out other devices?' });
  await expect(dialog.getByText('This device stays signed in.', { exact: false })).toBeVisible();
  await shot(page, 'profile-13a-other-devices');
  await dialog.getByRole('button', { name: 'Sign out others' }).click();
  await expect(page.getByTestId('toast')).toContainText('Signed out of 1 other device');
  await expect(dialog).toBeHidden();
  await expect(row).toBeFocused();
  await shot(page, 'profile-13b-other-devices-signed-out');
  // The laptop's session is gone at once; this phone's stays.
  expect((await laptop.request.get(`/api/users/${userId}/admin-status`)).status()).toBe(401);
  expect((await page.request.get(`/api/users/${userId}/admin-status`)).status()).toBe(200);
  await laptop.close();
  await context.close();
});

test('Start Fresh forgets the account on this device and ends its session', async ({ page }) => {
  const userId = await openApp(page, '/profile');
  // What this browser learnt of the member: terms accepted (scout and posting) and the tutorial's flags.
  await page.evaluate(() => {
    localStorage.setItem('acceptedSafetyTerms', JSON.stringify(['scout', 'posting']));
    localStorage.setItem('tutorialDismissed', 'true');
  });
  await profileSettled(page);
  await settingsRow(page, 'Start Fresh').click();
  const dialog = page.getByRole('dialog', { name: 'Start Fresh?' });
  await expect(dialog).toBeVisible();
  await shot(page, 'profile-13-start-fresh');
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Start Fresh' }).click()]);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('userId'))).not.toBe(userId);
  const kept = await page.evaluate(() =>
    ['onboardingCompleted', 'acceptedSafetyTerms', 'tutorialCompleted', 'tutorialDismissed'].map((key) => [key, localStorage.getItem(key)]),
  );
  expect(Object.fromEntries(kept)).toEqual({ onboardingCompleted: null, acceptedSafetyTerms: null, tutorialCompleted: null, tutorialDismissed: null });
  // The old account's session is gone: it now reads as anybody else's, the public view.
  const old = (await (await page.request.get(`/api/users/${userId}`)).json()) as Record<string, unknown>;
  expect(old).not.toHaveProperty('isVerified');
  await expect(page.getByText('Loading Curbside...')).toBeHidden({ timeout: 15_000 });
  // Onboarding again, as on a first visit.
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await shot(page, 'profile-14-after-start-fresh');
});
