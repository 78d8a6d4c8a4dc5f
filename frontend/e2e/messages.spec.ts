import { expect, test } from '@playwright/test';
import { card, newNeighbour, openApp, postItem, shot, startClaim } from './helpers';

test('a poster and the holder exchange a message and agree where to meet', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await openApp(page);
  const title = `Book crate ${Date.now()}`;
  await postItem(page, title);

  const holder = await newNeighbour(browser, baseURL as string);
  try {
    await openApp(holder.page);
    await startClaim(holder.page, title);
    const claimSheet = holder.page.getByRole('dialog', { name: 'Claim Item' });
    await claimSheet.getByRole('button', { name: 'Reserve with First Dibs (30 min)' }).click();
    await expect(claimSheet).toHaveCount(0);

    // The holder proposes a meeting.
    const open = card(holder.page, title).getByRole('button', { name: 'Message poster' });
    await open.click();
    const holderSheet = holder.page.getByRole('dialog', { name: `Messages: ${title}` });
    await expect(holderSheet.getByText('No messages yet')).toBeVisible();
    await holderSheet.getByLabel('Your message').fill('On my way, can we meet at the gate?');
    await holderSheet.getByRole('button', { name: 'Propose a meeting' }).click();
    await holderSheet.getByLabel('Time').fill('2026-12-01T18:30');
    await holderSheet.getByLabel('Place').fill('The front gate');
    await holderSheet.getByRole('button', { name: 'Send' }).click();
    await expect(holderSheet.getByTestId('meet-at')).toContainText('Waiting for an answer');
    await shot(holder.page, 'm-01-holder-proposes');

    // The poster sees it on their card and accepts.
    await page.reload();
    await card(page, title).getByRole('button', { name: 'Message holder' }).click();
    const posterSheet = page.getByRole('dialog', { name: `Messages: ${title}` });
    await expect(posterSheet.getByText('On my way, can we meet at the gate?')).toBeVisible();
    await expect(posterSheet.getByTestId('meet-at')).toContainText('Meet at The front gate');
    await posterSheet.getByRole('button', { name: 'Accept' }).click();
    await expect(posterSheet.getByTestId('meet-at')).toContainText('Accepted');
    await posterSheet.getByLabel('Your message').fill('See you there!');
    await posterSheet.getByRole('button', { name: 'Send' }).click();
    await shot(page, 'm-02-poster-accepts');

    // The holder's open sheet hears both live, without a reload.
    await expect(holderSheet.getByTestId('meet-at')).toContainText('Accepted', { timeout: 15_000 });
    await expect(holderSheet.getByText('See you there!')).toBeVisible();
    await holder.page.keyboard.press('Escape');
    await expect(holderSheet).toHaveCount(0);
    await expect(open).toBeFocused();
  } finally {
    await holder.context.close();
  }
});
