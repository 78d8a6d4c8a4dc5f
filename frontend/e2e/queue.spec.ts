import { expect, test, type Page } from '@playwright/test';
import { card, MANHATTAN, newNeighbour, openApp, photo, postAt, shot, startClaim } from './helpers';
import { appSql } from './operator';

const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });

/**
 * Makes a hold run out now, in the journey's own app database (operator.ts, appSql), so the expiry
 * sweep ends it on its next pass: the app itself keeps its 30-minute holds.
 */
function lapseHold(title: string): void {
  const out = appSql(
    `UPDATE items.items SET reserved_until = now() - interval '1 second' WHERE title = '${title.replace(/'/g, "''")}' AND status = 'first_dibs'`,
  );
  expect(out.trim()).toBe('UPDATE 1');
}

/** Posting itself is other journeys' subject: this one posts through the API, as the poster's browser. */
async function postThroughApi(page: Page, title: string): Promise<void> {
  await postAt(page, title, MANHATTAN);
  await page.reload();
  await expect(card(page, title)).toBeVisible();
}

test('two neighbours queue behind a hold; it lapses, the next one is told "You\'re up" and claims with a photo, and the third sees "picked up"', async ({
  page,
  browser,
  baseURL,
}) => {
  // The expiry sweep runs every 30 s in the journeys' app.
  test.setTimeout(150_000);
  await openApp(page);
  const title = `Rocking chair ${Date.now()}`;
  await postThroughApi(page, title);

  const first = await newNeighbour(browser, baseURL as string);
  // Half an hour off UTC, so a time left in UTC could not pass for the local one.
  const second = await newNeighbour(browser, baseURL as string, { timezoneId: 'Asia/Kolkata' });
  const third = await newNeighbour(browser, baseURL as string);
  try {
    await openApp(first.page);
    await startClaim(first.page, title);
    await first.page.getByRole('dialog', { name: 'Claim Item' }).getByRole('button', { name: 'Reserve with First Dibs (30 min)' }).click();
    await expect(toast(first.page, 'First Dibs!')).toBeVisible();
    await expect(card(first.page, title).getByRole('button', { name: 'Release hold' })).toBeVisible();
    // Fresh from its posting and confirmed by nobody yet: "Needs Verification", no "Confirmed" beside it; the
    // "Recently confirmed" filter keeps it.
    await expect(card(first.page, title).getByText('Needs Verification')).toBeVisible();
    await expect(card(first.page, title).getByTestId('freshness')).toHaveCount(0);
    await first.page.getByLabel('Recently confirmed').check();
    await expect(card(first.page, title)).toBeVisible();

    for (const [n, neighbour] of [
      [1, second],
      [2, third],
    ] as const) {
      await openApp(neighbour.page);
      const item = card(neighbour.page, title);
      await expect(item.getByTestId('queue-controls')).toContainText(`${n - 1} in line`);
      await item.getByRole('button', { name: 'Get in line' }).click();
      await expect(toast(neighbour.page, 'In line')).toBeVisible();
      await expect(item.getByTestId('queue-controls')).toContainText(`${n} in line · you're ${n === 1 ? '1st' : '2nd'}`);
      await expect(item.getByRole('button', { name: 'Leave line' })).toBeVisible();
    }
    await shot(third.page, 'q-01-second-in-line');
    await page.reload();
    const own = card(page, title);
    await own.getByRole('button', { name: 'See who is in line' }).click();
    await expect(own.getByRole('list', { name: 'Neighbours in line' }).getByRole('listitem')).toHaveCount(2);

    // The first neighbour lets the hold run out: the sweep hands it to the second, live.
    lapseHold(title);
    await expect(toast(second.page, "You're Up")).toBeVisible({ timeout: 45_000 });
    await shot(second.page, 'q-02-you-are-up');
    const mine = card(second.page, title);
    await expect(mine.getByText(/First Dibs: reserved for you until/)).toBeVisible();
    // The toast and the card name the hold's end in the member's own time (India), not the server's UTC.
    const until = /until (\d{1,2}:\d{2}(?:\s?[AP]M)?)/.exec((await mine.getByText(/First Dibs: reserved for you until/).textContent()) ?? '')?.[1];
    expect(until).toBeDefined();
    await expect(toast(second.page, "You're Up")).toContainText(`held for you until ${until}:`);
    await expect(toast(second.page, "You're Up")).not.toContainText('UTC');
    await second.page
      .getByRole('banner')
      .getByRole('button', { name: /^Notifications/ })
      .click();
    await expect(second.page.getByTestId('notification').filter({ hasText: "You're Up" })).toContainText(`held for you until ${until}:`);
    await second.page.keyboard.press('Escape');

    await mine.getByRole('button', { name: 'Claim' }).click();
    const sheet = second.page.getByRole('dialog', { name: /Claim Item|Pickup Safety Terms/ });
    await expect(sheet.first()).toBeVisible();
    const terms = second.page.getByRole('dialog', { name: 'Pickup Safety Terms' });
    if (await terms.isVisible()) {
      for (const box of await terms.getByRole('checkbox').all()) await box.check();
      await terms.getByRole('button', { name: 'Accept & Continue' }).click();
    }
    const claimSheet = second.page.getByRole('dialog', { name: 'Claim Item' });
    await expect(claimSheet.getByText(/You have first dibs until/)).toBeVisible();
    await claimSheet.getByRole('button', { name: 'Continue' }).click();
    const verify = second.page.getByRole('dialog', { name: 'Verify Item Pickup' });
    await verify.getByLabel('Upload verification photo').setInputFiles(await photo(second.page, 'pickup.jpg', 'image/jpeg', 'pickup'));
    await expect(verify.getByTestId('validation-result')).toContainText('Photo verified', { timeout: 30_000 });
    await verify.getByRole('button', { name: 'Claim Item' }).click();
    await expect(second.page.getByText('Item Claimed!')).toBeVisible();

    // The third, who waited in line, is told it was picked up; the poster sees who did and the photo.
    await third.page.getByRole('button', { name: 'Notifications' }).click();
    const told = third.page.getByTestId('notification').filter({ hasText: 'Already Picked Up' });
    await expect(told).toContainText(`"${title}" was picked up just now`);
    await expect(told).toHaveCount(1);
    await shot(third.page, 'q-03-picked-up');
    await page.reload();
    await own.getByRole('button', { name: 'See pickup photo' }).click();
    await expect(own.getByRole('img', { name: `${title}, as picked up` })).toBeVisible();
    await expect(own.getByTestId('pickup-proof')).toContainText('Picked up by');
    await shot(page, 'q-04-pickup-proof');
  } finally {
    await Promise.all([first.context.close(), second.context.close(), third.context.close()]);
  }
});
