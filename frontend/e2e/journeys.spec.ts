import { expect, test } from '@playwright/test';
import { card, newNeighbour, openApp, photo, postAt, postItem, shot, startClaim } from './helpers';

test('first visit: a user is created and the feed shows', async ({ page }) => {
  await openApp(page);
  await expect(page.getByRole('tab', { name: 'Fresh Finds' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Searching 5 miles around you')).toBeVisible();
  await expect(page.getByTestId('banner-points')).toHaveText('0 points to spend');
  await expect(page.getByRole('heading', { name: 'Welcome to Curbside!' }).or(page.getByTestId('item-card').first())).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Post' })).toBeVisible();
  await shot(page, '01-home');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await shot(page, '01-home-desktop');
});

test('post an item with a photo: it appears in the feed and on the map', async ({ page }) => {
  await openApp(page);
  const title = `Oak bookshelf ${Date.now()}`;
  await postItem(page, title, { screenshot: '02-post-sheet' });
  await expect(card(page, title)).toBeVisible();
  await expect(card(page, title).getByText('Available')).toBeVisible();
  await expect(card(page, title).getByRole('img', { name: title })).toBeVisible();
  await shot(page, '03-home-with-item');

  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
  });
  await page.getByRole('link', { name: 'Map' }).click();
  await expect(page.getByRole('list', { name: 'Nearby' }).getByText(title)).toBeVisible();
  // Chosen in the list, it has a pin of its own (others posted here by other journeys may be grouped).
  await page
    .getByRole('list', { name: 'Nearby' })
    .getByRole('button', { name: new RegExp(title) })
    .click();
  const map = page.getByTestId('items-map');
  const pin = map.getByRole('button', { name: new RegExp(`^${title}:`) });
  await expect(pin).toBeVisible();
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  // Dragging the map carries the pin with it. A toast sits in the flow above the map: wait until the posting's has
  // gone, or the map moves under the pointer when it closes.
  await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('alert')).toHaveCount(0);
  // After sunset at the map's place a night notice above it pushes its lower edge out of the window: centre it first.
  await map.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const before = await pin.boundingBox();
  const area = await map.boundingBox();
  if (!before || !area) throw new Error('the map or its pin has no box');
  await page.mouse.move(area.x + 40, area.y + area.height - 40);
  await page.mouse.down();
  await page.mouse.move(area.x + 100, area.y + area.height - 80, { steps: 6 });
  await page.mouse.up();
  const after = await pin.boundingBox();
  expect(Math.round((after?.x ?? 0) - before.x)).toBe(60);
  expect(Math.round((after?.y ?? 0) - before.y)).toBe(-40);
  // Opening the map downloads no second copy of the app's stylesheet (inlined in index.html).
  const inlined = await page
    .locator('link[rel="stylesheet"][disabled]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(inlined).toHaveLength(1);
  expect(stylesheets.filter((path) => inlined.includes(path))).toEqual([]);
  await shot(page, '04-map');

  await page.getByRole('link', { name: 'Search' }).click();
  await page.getByLabel('Search items').fill('bookshelf');
  await expect(card(page, title)).toBeVisible();
  await shot(page, '05-search');
});

test('map: pins that overlap show as one group with their count; a tap zooms in until each has its own pin', async ({ page, browser, baseURL }) => {
  // A spot no other journey posts at (Boise): three posts within a few hundred metres, drawn at street zoom.
  const spot = { latitude: 43.615, longitude: -116.2023 };
  const { context, page: poster } = await newNeighbour(browser, baseURL as string);
  const stamp = Date.now();
  const titles = [`Garden bench ${stamp}`, `Bird bath ${stamp}`, `Flower pots ${stamp}`];
  try {
    await openApp(poster);
    for (const [i, title] of titles.entries()) await postAt(poster, title, { latitude: spot.latitude + i * 0.0004, longitude: spot.longitude });
  } finally {
    await context.close();
  }
  await page.context().setGeolocation(spot);
  await openApp(page, '/map');
  for (const title of titles) await expect(page.getByRole('list', { name: 'Nearby' }).getByText(title)).toBeVisible();
  const map = page.getByTestId('items-map');
  const group = map.getByRole('button', { name: '3 items here: zoom in to see them' });
  await expect(group).toBeVisible();
  await expect(group).toHaveText('3');
  for (const title of titles) await expect(map.getByRole('button', { name: new RegExp(`^${title}:`) })).toHaveCount(0);
  await map.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await shot(page, '04a-map-group');

  // A tap zooms in to where the group opens (a pair still close may need a second tap).
  const zoomOf = async () => Number(/\/(\d+)\/\d+\/\d+\.png$/.exec((await map.locator('img').first().getAttribute('src')) ?? '')?.[1]);
  const before = await zoomOf();
  await group.click();
  expect(await zoomOf()).toBeGreaterThan(before);
  for (let tap = 0; tap < 5 && (await map.getByRole('button', { name: /items here: zoom in/ }).count()) > 0; tap++) {
    await map
      .getByRole('button', { name: /items here: zoom in/ })
      .first()
      .click();
  }
  for (const title of titles) await expect(map.getByRole('button', { name: new RegExp(`^${title}:`) })).toBeVisible();
  await shot(page, '04b-map-group-opened');
});

test('a second neighbour claims it with a photo; the poster sees it claimed', async ({ page, browser, baseURL }) => {
  await openApp(page);
  const title = `Reading lamp ${Date.now()}`;
  await postItem(page, title);

  const other = await newNeighbour(browser, baseURL as string);
  try {
    await openApp(other.page);
    await startClaim(other.page, title);
    await other.page.getByRole('dialog', { name: 'Claim Item' }).getByRole('button', { name: 'Continue' }).click();
    const verify = other.page.getByRole('dialog', { name: 'Verify Item Pickup' });
    await expect(verify.getByRole('button', { name: 'Claim Item' })).toBeDisabled();
    // The listing's own photo, saved and sent back from afar, proves nobody went there.
    await verify.getByLabel('Upload verification photo').setInputFiles(await photo(other.page, 'saved-listing.png'));
    await expect(verify.getByTestId('validation-result')).toContainText("This is the listing's own photo, not one taken at pickup.", { timeout: 30_000 });
    await expect(verify.getByRole('button', { name: 'Claim Item' })).toBeDisabled();
    await shot(other.page, '06a-verify-pickup-listing-copy');
    await verify.getByRole('button', { name: 'Retake Photo' }).click();
    await verify.getByLabel('Upload verification photo').setInputFiles(await photo(other.page, 'pickup.jpg', 'image/jpeg', 'pickup'));
    await expect(verify.getByTestId('validation-result')).toContainText('Photo verified', { timeout: 30_000 });
    await shot(other.page, '06-verify-pickup');
    await verify.getByRole('button', { name: 'Claim Item' }).click();
    await expect(other.page.getByText('Item Claimed!')).toBeVisible();
    await shot(other.page, '07-claimed');
  } finally {
    await other.context.close();
  }

  await page.goto('/activity');
  const row = page.getByRole('listitem').filter({ hasText: title });
  await expect(row.getByText('Claimed', { exact: true })).toBeVisible();
  await expect(row.getByText(/Claimed by /)).toBeVisible();
  await shot(page, '08-activity');
});

test('My Activity that cannot be read says so with Retry, never "Posted 0"; Retry reads it again', async ({ page }) => {
  await openApp(page);
  const title = `Step stool ${Date.now()}`;
  await postItem(page, title);
  // The connection drops for the member's items (the request fails in the browser, as offline).
  await page.route('**/api/users/*/items', (route) => route.abort('internetdisconnected'));
  await page.goto('/activity');
  const failed = page.getByRole('alert').filter({ hasText: 'Your activity could not be loaded' });
  await expect(failed).toBeVisible();
  await expect(page.getByText('Posted', { exact: true })).toHaveCount(0);
  await shot(page, '08a-activity-failed');
  await page.unroute('**/api/users/*/items');
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: title })).toBeVisible();
  await expect(page.getByText('Posted', { exact: true })).toBeVisible();
  await expect(failed).toBeHidden();
});

test('garage sale form: every required field says what is missing', async ({ page }) => {
  await openApp(page, '/post-garage-sale');
  await expect(page.getByRole('heading', { name: 'Post Garage Sale' })).toBeVisible();
  await page.getByLabel('Primary category').selectOption('');
  await page.getByLabel('Start time').fill('');
  await page.getByLabel('Listing duration (hours)').fill('12');
  await page.getByRole('button', { name: 'Post Garage Sale' }).click();
  for (const text of [
    'Title is required',
    'Category is required',
    'Location is required',
    'Full address is required',
    'Contact information is required',
    'Start time is required',
    'Garage sales must be posted for at least 24 hours',
  ]) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  // Focus goes to the first field the form shows as wrong (the schema itself reports the times first).
  await expect(page.getByLabel('Title')).toBeFocused();
  await shot(page, '09-garage-sale-validation');

  await page.getByLabel('Title').fill('Moving sale');
  await page.getByLabel('Primary category').selectOption('Furniture');
  await page.getByLabel('Neighbourhood / area').fill('Midtown');
  await page.getByLabel('Full address').fill('1 W 42nd St');
  await page.getByRole('button', { name: 'Post Garage Sale' }).click();
  await expect(page.getByText('Contact information is required', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Contact information')).toBeFocused();
  await page.getByLabel('Contact information').fill('555-0100');
  // Tomorrow, so the sale is in the future whatever the hour the journey runs at.
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
  const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
  await page.getByLabel('Start date').fill(day);
  await page.getByLabel('End date').fill(day);
  await page.getByLabel('Start time').fill('08:00');
  await page.getByLabel('Listing duration (hours)').fill('72');
  await page.getByRole('button', { name: 'Post Garage Sale' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Garage Sale Posted!' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('garage sale form: on a phone whose clock is slow, "already ended" shows on the end time, not as a toast', async ({ page }) => {
  // The phone's clock runs 30 minutes behind the server's: a sale it thinks ends in 10 minutes ended 20 minutes ago.
  const phoneNow = new Date(Date.now() - 30 * 60_000);
  await page.clock.setSystemTime(phoneNow);
  await openApp(page, '/post-garage-sale');
  const pad = (n: number) => String(n).padStart(2, '0');
  const dateOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const timeOf = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const [start, end] = [new Date(phoneNow.getTime() - 2 * 3600_000), new Date(phoneNow.getTime() + 10 * 60_000)];
  await page.getByLabel('Title').fill('Porch sale');
  await page.getByLabel('Primary category').selectOption('Furniture');
  await page.getByLabel('Neighbourhood / area').fill('Midtown');
  await page.getByLabel('Full address').fill('1 W 42nd St');
  await page.getByLabel('Contact information').fill('555-0100');
  await page.getByLabel('Start date').fill(dateOf(start));
  await page.getByLabel('Start time').fill(timeOf(start));
  await page.getByLabel('End date').fill(dateOf(end));
  await page.getByLabel('End time').fill(timeOf(end));
  await page.getByRole('button', { name: 'Post Garage Sale' }).click();

  await expect(page.locator('#sale-endTime-error')).toHaveText('This garage sale has already ended');
  await expect(page.getByLabel('End time')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await shot(page, '09-garage-sale-already-ended');
});

test('comments: a free user sees the monthly quota and is stopped at five', async ({ page }) => {
  await openApp(page);
  const title = `Desk chair ${Date.now()}`;
  await postItem(page, title);
  const item = card(page, title);
  await item.getByRole('button', { name: /View Comments/ }).click();
  const comments = item.getByRole('region', { name: 'Comments' });
  await expect(comments.getByTestId('comment-quota')).toHaveText(/\d\/5 comments used this month/);
  const used = Number((await comments.getByTestId('comment-quota').textContent())?.split('/')[0]);
  for (let i = used + 1; i <= 5; i++) {
    await comments.getByLabel('Add a comment').fill(`Comment number ${i}`);
    await comments.getByRole('button', { name: 'Post Comment' }).click();
    // The posted comment, not the box (which may still hold the same words for a moment).
    await expect(comments.getByRole('paragraph').filter({ hasText: `Comment number ${i}` })).toBeVisible();
  }
  await expect(comments.getByText(/You've used all 5 free comments this month/)).toBeVisible();
  await comments.scrollIntoViewIfNeeded();
  await shot(page, '10-comments-quota');
});

test('report: another neighbour reports an item', async ({ page, browser, baseURL }) => {
  await openApp(page);
  const title = `Broken TV ${Date.now()}`;
  await postItem(page, title);
  const other = await newNeighbour(browser, baseURL as string);
  try {
    await openApp(other.page);
    const item = card(other.page, title);
    await item.getByRole('button', { name: /Vote for/ }).click();
    await expect(item.getByRole('button', { name: /Vote for .*, 1 vote$/ })).toHaveAttribute('aria-pressed', 'true');
    await item.getByRole('button', { name: 'More actions' }).click();
    await other.page.getByRole('menuitem', { name: 'Report' }).click();
    const sheet = other.page.getByRole('dialog', { name: 'Report Content' });
    await sheet.getByRole('button', { name: 'Submit Report' }).click();
    await expect(sheet.getByText('Please select a report type and provide a reason')).toBeVisible();
    await sheet.getByLabel('Unsafe item or location').check();
    await sheet.getByLabel('Reason').fill('Cracked screen with sharp edges');
    await shot(other.page, '11-report');
    await sheet.getByRole('button', { name: 'Submit Report' }).click();
    await expect(other.page.getByTestId('toast').filter({ hasText: 'Report submitted' })).toBeVisible();
  } finally {
    await other.context.close();
  }
});

test('top finds and 404', async ({ page }) => {
  await openApp(page, '/top-finds');
  await expect(page.getByRole('heading', { name: 'Top Finds Today' })).toBeVisible();
  await expect(page.getByText('No Top Finds Yet').or(page.getByText(/\d+ votes?$/).first())).toBeVisible();
  await shot(page, '12-top-finds');

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await shot(page, '13-not-found');
});
