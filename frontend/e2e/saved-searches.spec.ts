import { expect, test } from '@playwright/test';
import { newNeighbour, openApp, postItem, shot } from './helpers';

test('a neighbour saves a search as a wanted post; another sees it, posts a match and is told; the alert opens the item', async ({ page, browser, baseURL }) => {
  await openApp(page, '/search');
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
    await list.getByRole('button', { name: 'Delete saved search "rocking chair"' }).click();
    await expect(list).toContainText('No saved searches yet.');
  } finally {
    await poster.context.close();
  }
});
