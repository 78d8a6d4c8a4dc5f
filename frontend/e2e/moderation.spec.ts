import { expect, test, type Browser, type Page } from '@playwright/test';
import { card, newNeighbour, openApp, postId, postItem, shot, smsCode } from './helpers';
import { grantRole, untilItemsKnowVerified } from './operator';

/** A neighbour in a phone of their own who verified their number (their reports count toward pending review). */
async function verifiedMember(browser: Browser, baseURL: string) {
  const member = await newNeighbour(browser, baseURL);
  const userId = await openApp(member.page);
  const api = member.context.request;
  const phone = `555${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const since = new Date();
  expect((await api.post('/api/phone/send-code', { data: { phone, name: 'Careful Neighbour' } })).ok()).toBe(true);
  expect((await api.post('/api/phone/verify-code', { data: { phone, code: await smsCode(`+1${phone}`, since) } })).ok()).toBe(true);
  await expect.poll(async () => ((await (await api.get(`/api/users/${userId}`)).json()) as { isVerified: boolean }).isVerified).toBe(true);
  await untilItemsKnowVerified(userId);
  return member;
}

async function report(page: Page, title: string): Promise<void> {
  await page.goto('/');
  const found = card(page, title);
  await expect(found).toBeVisible({ timeout: 15_000 });
  await found.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const sheet = page.getByRole('dialog', { name: 'Report Content' });
  await sheet.getByLabel('Inappropriate content').check();
  await sheet.getByLabel('Reason').fill('This looks like a scam to me');
  await sheet.getByRole('button', { name: 'Submit Report' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Report submitted' })).toBeVisible();
}

test('two verified neighbours report an item, it is hidden for review, a moderator restores it from /moderation and its poster sees it back', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const title = `Walnut side table ${Date.now() % 10_000}`;
  await openApp(page);
  await postItem(page, title);
  const itemId = await postId(page, title);

  const first = await verifiedMember(browser, baseURL as string);
  const second = await verifiedMember(browser, baseURL as string);
  await report(first.page, title);
  await report(second.page, title);

  // Hidden from everyone else; its poster sees it with the reason it is hidden.
  await first.page.goto(`/items/${itemId}`);
  await expect(first.page.getByRole('heading', { name: 'Item not found' })).toBeVisible();
  await page.goto(`/items/${itemId}`);
  await expect(page.getByText('Hidden from others while a moderator reviews it')).toBeVisible();
  await shot(page, 'm01-poster-sees-review');
  // While a moderator looks, the post stays as it was reported: its poster may delete it, not edit it.
  const more = page.getByRole('button', { name: 'More actions' }).first();
  await more.click();
  await expect(page.getByRole('menuitem', { name: 'Delete Item' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Edit Item' })).toHaveCount(0);
  await shot(page, 'm01b-review-menu');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(more).toBeFocused();

  const moderator = await newNeighbour(browser, baseURL as string);
  const moderatorId = await openApp(moderator.page);
  await grantRole(moderatorId, 'moderator');
  await moderator.page.goto('/profile');
  await moderator.page.getByRole('link', { name: 'Review queue' }).click();
  await expect(moderator.page).toHaveURL(/\/moderation$/);
  const entry = moderator.page.getByRole('article', { name: title });
  await expect(entry).toBeVisible();
  await expect(entry.getByText('Reports (2)')).toBeVisible();
  await expect(entry.getByText('Hidden while in review')).toBeVisible();
  await shot(moderator.page, 'm02-review-queue');
  await entry.getByLabel('Reason (the poster reads it)').fill('An ordinary side table: nothing wrong with it');
  await entry.getByRole('button', { name: 'Restore' }).click();
  await expect(moderator.page.getByTestId('toast').filter({ hasText: 'Decision recorded' })).toBeVisible();
  await expect(moderator.page.getByRole('article', { name: title })).toHaveCount(0);

  // Back for everyone: its poster sees it without the review note, the reporters find it in the feed again.
  await page.reload();
  await expect(page.getByRole('heading', { name: title }).first()).toBeVisible();
  await expect(page.getByText('Hidden from others while a moderator reviews it')).toHaveCount(0);
  await first.page.goto('/');
  await expect(card(first.page, title)).toBeVisible({ timeout: 15_000 });
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  await expect(page.getByTestId('notification').filter({ hasText: 'Back Up' })).toContainText('An ordinary side table');
  await shot(page, 'm03-poster-told');

  for (const member of [first, second, moderator]) await member.context.close();
});

test('the review queue is not offered to members who are not moderators, and refuses them', async ({ page }) => {
  await openApp(page, '/profile');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Review queue' })).toHaveCount(0);
  await page.goto('/moderation');
  await expect(page.getByText('This page is for moderators.')).toBeVisible();
});
