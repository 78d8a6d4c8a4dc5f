import { expect, test } from '@playwright/test';
import { card, newNeighbour, openApp, postGarageSale, postItem, shot, startClaim } from './helpers';

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

test("an interested member writes to a garage sale's poster, who opens Messages and answers", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await openApp(page);
  const title = `Moving sale ${Date.now()}`;
  const id = await postGarageSale(page, title);

  const member = await newNeighbour(browser, baseURL as string);
  try {
    await openApp(member.page, `/items/${id}`);
    const sale = card(member.page, title);
    await expect(sale.getByRole('button', { name: 'Message poster' })).toHaveCount(0);
    await sale.getByRole('button', { name: /Interested/ }).click();
    await sale.getByRole('button', { name: 'Message poster' }).click();
    const memberSheet = member.page.getByRole('dialog', { name: `Messages: ${title}` });
    await memberSheet.getByLabel('Your message').fill('Will you have the bookshelf?');
    await memberSheet.getByRole('button', { name: 'Send' }).click();
    await expect(memberSheet.getByText('Will you have the bookshelf?')).toBeVisible();

    // The poster opens Messages (1), picks the member's thread and answers.
    await page.goto(`/items/${id}`);
    await card(page, title).getByRole('button', { name: 'Messages (1)' }).click();
    const list = page.getByRole('dialog', { name: `Messages: ${title}` });
    const row = list.getByRole('list', { name: 'Conversations' }).getByRole('button');
    await expect(row).toContainText('Awaiting reply');
    await row.click();
    await expect(list.getByText('Will you have the bookshelf?')).toBeVisible();
    await list.getByLabel('Your message').fill('Yes, it is by the door');
    await list.getByRole('button', { name: 'Send' }).click();
    await shot(page, 'm-03-garage-sale-poster-answers');

    // The member's open sheet hears the answer live.
    await expect(memberSheet.getByText('Yes, it is by the door')).toBeVisible({ timeout: 15_000 });
  } finally {
    await member.context.close();
  }
});
