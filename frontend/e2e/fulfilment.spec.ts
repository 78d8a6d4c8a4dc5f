import { expect, test } from '@playwright/test';
import { newNeighbour, openApp, shot } from './helpers';
import { grantPoints, grantRole } from './operator';

test('a tote bag redeemed with an address is sent: an administrator fulfils it at /admin/fulfilment, and the member sees "Fulfilled"', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const memberId = await openApp(page);
  grantPoints(memberId, 700);

  await page.goto('/shop');
  await expect(page.getByTestId('shop-points')).toHaveText('700 points to spend');
  const tree = page.getByTestId('reward-card').filter({ has: page.getByRole('heading', { name: 'Plant a Tree' }) });
  await expect(tree.getByTestId('donation-total')).toHaveText(/^\d+ trees? planted by neighbours$/);
  const tote = page.getByTestId('reward-card').filter({ has: page.getByRole('heading', { name: 'Curbside Tote Bag' }) });
  await tote.getByRole('button', { name: 'Redeem Curbside Tote Bag' }).click();
  const form = page.getByRole('dialog', { name: 'Where should we send your Curbside Tote Bag?' });
  await form.getByRole('button', { name: 'Redeem for 600 points' }).click();
  await expect(form.getByText('City is required')).toBeVisible();
  await form.getByLabel('Full name').fill('Ada Lovelace');
  await form.getByLabel('Address line 1').fill('12 Elm Street');
  await form.getByLabel('City').fill('New York');
  await form.getByLabel('State or region (optional)').fill('NY');
  await form.getByLabel('Postal code').fill('10036');
  await form.getByLabel('Country').fill('United States');
  await shot(page, 'f01-address-form');
  await form.getByRole('button', { name: 'Redeem for 600 points' }).click();
  await expect(page.getByTestId('toast')).toContainText("We'll post it and tell you when it is sent.");
  await expect(page.getByTestId('shop-points')).toHaveText('100 points to spend');
  const mine = page.getByTestId('your-redemptions').getByTestId('redemption').filter({ hasText: 'Curbside Tote Bag' });
  await expect(mine).toContainText('Requested');
  await expect(mine).toContainText('To be posted to 12 Elm Street, New York, United States');
  await mine.scrollIntoViewIfNeeded();
  await shot(page, 'f02-redemption-requested');

  // A member who is no administrator is told the page is not theirs.
  const admin = await newNeighbour(browser, baseURL as string);
  const adminId = await openApp(admin.page);
  await admin.page.goto('/admin/fulfilment');
  await expect(admin.page.getByText('This page is for administrators.')).toBeVisible();
  await shot(admin.page, 'f03-fulfilment-refused');

  await grantRole(adminId);
  await admin.page.reload();
  const open = admin.page.getByRole('article').filter({ hasText: 'Curbside Tote Bag' }).filter({ hasText: '12 Elm Street' });
  await expect(open.getByTestId('delivery-address')).toContainText('Ada Lovelace');
  await expect(open.getByTestId('delivery-address')).toContainText('New York NY 10036');
  await shot(admin.page, 'f04-fulfilment-list');
  await admin.page.setViewportSize({ width: 1280, height: 800 });
  await shot(admin.page, 'f04-fulfilment-list-desktop');
  await open.getByRole('button', { name: 'Mark fulfilled' }).click();
  await expect(admin.page.getByTestId('toast')).toContainText('Marked as sent');
  await expect(open).toHaveCount(0);
  await admin.context.close();

  await page.reload();
  await expect(page.getByTestId('your-redemptions').getByTestId('redemption').filter({ hasText: 'Curbside Tote Bag' })).toContainText('Fulfilled');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  await expect(page.getByText('Your Curbside Tote Bag has been sent.', { exact: false })).toBeVisible({ timeout: 15_000 });
  await shot(page, 'f05-member-told');
  // The notification opens the shop, where the redemption's status shows.
  await page.getByRole('link', { name: /^Your redemptions/ }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByTestId('your-redemptions').getByTestId('redemption').filter({ hasText: 'Curbside Tote Bag' })).toContainText('Fulfilled');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('your-redemptions').scrollIntoViewIfNeeded();
  await shot(page, 'f06-redemption-fulfilled-desktop');
});
