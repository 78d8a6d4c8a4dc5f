import { expect, test } from '@playwright/test';
import { newNeighbour, openApp, postItem, shot } from './helpers';

test('a neighbour saves a search as a wanted post; another sees it, posts a match and is told; the alert opens the item', async ({
  page,
  browser,
  baseURL,
}) => {
  const userId = await openApp(page, '/search');
  await page.getByLabel('Search items').fill('rocking chair');
  await page.getByRole('button', { name: 'Save this search' }).click();
  const save = page.getByRole('dialog', { name: 'Save this search' });
  await expect(save).toContainText('"rocking chair" within 5 miles of your location');
  await save.getByLabel('Name this place (optional)').fill('Home');
  await save.getByRole('checkbox').check();
  await shot(page, 'ss-01-save-search');
  await save.getByRole('button', { name: 'Save search' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Wanted post shared' })).toBeVisible();
  // The free plan keeps one: the button is now locked and opens the plans.
  await page.getByRole('button', { name: /Save this search, locked/ }).click();
  await expect(page.getByRole('dialog', { name: /plan/i })).toContainText('The Free plan keeps 1 saved search.');
  await page.keyboard.press('Escape');

  const poster = await newNeighbour(browser, baseURL as string);
  try {
    await openApp(poster.page, '/wanted');
    const wanted = poster.page.getByTestId('wanted-post').filter({ hasText: '"rocking chair"' });
    await expect(wanted).toContainText(/about \d+(\.\d)? mi away/);
    await expect(wanted).not.toContainText('Home');
    await shot(poster.page, 'ss-02-wanted-nearby');
    // A neighbour can report it (one report hides nothing: two verified reporters or three older accounts do).
    await wanted.getByRole('button', { name: /^Report .+'s wanted post$/ }).click();
    const sheet = poster.page.getByRole('dialog', { name: 'Report Content' });
    await expect(sheet).toContainText(/Tell us what's wrong with .+'s wanted post\./);
    await sheet.getByLabel('Spam').check();
    await sheet.getByLabel('Reason').fill('Posted the same request twice');
    await shot(poster.page, 'ss-02b-report-wanted');
    await sheet.getByRole('button', { name: 'Submit Report' }).click();
    await expect(poster.page.getByTestId('toast').filter({ hasText: 'Report submitted' })).toBeVisible();
    await poster.page.goto('/');
    await postItem(poster.page, 'Rocking chair, oak', { posted: '1 neighbour wants this!' });
    await shot(poster.page, 'ss-03-neighbours-want-this');

    // The searcher is told at once, and the alert opens the item's page.
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName(/unread/, { timeout: 15_000 });
    await bell.click();
    const alert = page.getByTestId('notification').filter({ hasText: 'Something You Wanted' });
    await expect(alert).toContainText('"Rocking chair, oak" was just posted near you and matches your wanted post "rocking chair"');
    await expect(alert).toHaveCount(1);
    await shot(page, 'ss-04-alert');
    await alert.getByRole('link', { name: /Open item/ }).click();
    await expect(page).toHaveURL(/\/items\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('item-card').getByRole('heading', { name: 'Rocking chair, oak' })).toBeVisible();

    // Profile → Saved searches lists it as a wanted post, and deletes it.
    await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: /Saved searches/ }).click();
    const list = page.getByRole('dialog', { name: 'Saved searches' });
    await expect(list).toContainText('Within 5 miles of Home');
    await expect(list).toContainText('Wanted post');
    await shot(page, 'ss-05-saved-searches');

    // Auto-claim is Pro's: on the Free plan the switch is locked and opens the plans.
    await list.getByRole('switch', { name: 'Auto-claim "rocking chair", locked: Pro' }).click();
    const plans = page.getByRole('dialog', { name: /plan/i });
    await expect(plans).toContainText("Pro's auto-claim holds a matching new item for you");
    await shot(page, 'ss-06-auto-claim-locked');
    await page.keyboard.press('Escape');
    await expect(plans).toBeHidden();
    // On Pro (the server decides by the plan it knows) it switches on and stays on.
    expect((await page.request.patch(`/api/users/${userId}/subscription`, { data: { tier: 'pro' } })).status()).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: /Saved searches/ }).click();
    const switchOn = list.getByRole('switch', { name: 'Auto-claim "rocking chair"' });
    await expect(switchOn).not.toBeChecked();
    await switchOn.click();
    await expect(switchOn).toBeChecked();
    await expect(list).toContainText('Holds a matching new item for you, or joins its line when someone holds it: up to 3 a day.');
    await shot(page, 'ss-07-auto-claim-on');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'ss-08-auto-claim-on-desktop');
    await page.setViewportSize({ width: 360, height: 740 });
    // New words for the wanted post, checked by the server again; the list shows them at once.
    await list.getByRole('button', { name: 'Edit words of saved search "rocking chair"' }).click();
    await list.getByRole('textbox', { name: 'Search words' }).fill('oak rocking chair');
    await shot(page, 'ss-09-edit-words');
    await list.getByRole('button', { name: 'Save words' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Wanted post updated' })).toBeVisible();
    await shot(page, 'ss-10-words-saved');
    await expect(list).toContainText('"oak rocking chair"');
    await expect(list.getByRole('button', { name: 'Edit words of saved search "oak rocking chair"' })).toBeFocused();
    await list.getByRole('button', { name: 'Delete saved search "oak rocking chair"' }).click();
    await expect(list).toContainText('No saved searches yet.');
  } finally {
    await poster.context.close();
  }
});
