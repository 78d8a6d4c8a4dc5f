import { expect, test } from '@playwright/test';
import { newNeighbour, openApp, photo, postItem, shot, startClaim } from './helpers';

/**
 * Impact (docs/product-rules.md, "Impact" and "Fairness"): a verified pickup shows on both members' profiles as
 * kilograms kept out of landfill, and the area's page shows the totals, the weeks, the categories, the fairness
 * share and the method.
 */
test('a verified pickup adds its kilograms to both profiles, and the area’s impact page shows the totals, weeks, fairness and method', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The picker's account is older than the post (a newer one would not count: a throwaway's).
  const picker = await newNeighbour(browser, baseURL as string);
  try {
    await openApp(picker.page);
    await openApp(page);
    const title = `Oak dresser ${Date.now()}`;
    await postItem(page, title);

    await picker.page.reload();
    await startClaim(picker.page, title);
    await picker.page.getByRole('dialog', { name: 'Claim Item' }).getByRole('button', { name: 'Continue' }).click();
    const verify = picker.page.getByRole('dialog', { name: 'Verify Item Pickup' });
    await verify.getByLabel('Upload verification photo').setInputFiles(await photo(picker.page, 'pickup.jpg', 'image/jpeg', 'pickup'));
    await expect(verify.getByTestId('validation-result')).toContainText('Photo verified', { timeout: 30_000 });
    await verify.getByRole('button', { name: 'Claim Item' }).click();
    await expect(picker.page.getByText('Item Claimed!')).toBeVisible();

    // The picker's profile: a dresser is Furniture, 20 kg and 10.2 kg CO₂e.
    await picker.page.goto('/profile');
    await expect(picker.page.getByTestId('member-impact')).toHaveText('You kept 20 kg out of landfill');
    await expect(picker.page.getByText('1 item picked up (20 kg) · about 10.2 kg CO₂e saved (estimates)')).toBeVisible();
    await picker.page.getByTestId('member-impact').scrollIntoViewIfNeeded();
    await shot(picker.page, 'impact-01-profile');

    // The poster's profile counts it as given.
    await page.goto('/profile');
    await expect(page.getByTestId('member-impact')).toHaveText('You kept 20 kg out of landfill');
    await expect(page.getByText('1 item given (20 kg) · about 10.2 kg CO₂e saved (estimates)')).toBeVisible();

    // The area's page, from the profile's link.
    await picker.page.getByRole('link', { name: 'Your area’s impact and fairness' }).click();
    await expect(picker.page).toHaveURL(/\/impact$/);
    await expect(picker.page.getByRole('heading', { name: 'Neighbourhood impact', level: 1 })).toBeVisible();
    await expect(picker.page.getByTestId('impact-area')).toHaveText('Your area: 40°N–42°N, 74°W–72°W · the last 12 weeks');
    const totals = picker.page.getByTestId('impact-totals');
    await expect(totals).toBeVisible();
    // Other journeys pick up around the same place: at least this dresser is in the area's figures.
    const kept = Number((await totals.getByText('kept out of landfill').locator('xpath=preceding-sibling::p').innerText()).replace(/[^\d.]/g, ''));
    expect(kept).toBeGreaterThanOrEqual(20);
    await expect(picker.page.getByTestId('impact-week-bar')).toHaveCount(12);
    await expect(picker.page.getByTestId('impact-categories').getByText('Furniture')).toBeVisible();
    await expect(picker.page.getByTestId('impact-fairness')).toContainText(/in the last 28 days\.$/);
    await expect(picker.page.getByTestId('impact-method')).toContainText('These are estimates.');
    await expect(picker.page.getByTestId('impact-method')).toContainText('Furniture 20 kg');
    await expect(picker.page.getByTestId('impact-method')).toContainText("0.51 kg of CO₂e (Freegle's published factor");
    await shot(picker.page, 'impact-02-area-360');
    await picker.page.getByTestId('impact-method').scrollIntoViewIfNeeded();
    await shot(picker.page, 'impact-03-fairness-360');
    await picker.page.setViewportSize({ width: 1280, height: 900 });
    await shot(picker.page, 'impact-04-area-desktop');
  } finally {
    await picker.context.close();
  }
});
