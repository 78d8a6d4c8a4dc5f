import type { Reward, UserReward } from '@curbside/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi } from '../../testing/api-mock';
import { makeUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import ShopRoute from './shop';

let n = 0;
const rid = () => `00000000-0000-4000-a000-${String(++n).padStart(12, '0')}`;
const reward = (overrides: Partial<Reward>): Reward => ({
  id: rid(),
  name: 'Reward',
  description: 'Nice',
  icon: 'gift',
  category: 'perks',
  pointsCost: 50,
  delivery: 'none',
  ...overrides,
});
const redemption = (rewardId: string, overrides: Partial<UserReward> = {}): UserReward => ({
  id: rid(),
  rewardId,
  rewardName: 'Reward',
  category: 'perks',
  pointsCost: 50,
  redeemedAt: new Date().toISOString(),
  status: 'fulfilled',
  closedAt: new Date().toISOString(),
  cancelReason: null,
  delivery: null,
  ...overrides,
});
const ADDRESS = { name: 'Ada Lovelace', line1: '12 Elm Street', city: 'Minneapolis', postalCode: '55401', country: 'United States' };

const spotlight = reward({ name: 'Spotlight Post', icon: 'sparkles', pointsCost: 50, limitPerUser: 5 });
const frame = reward({ name: 'Profile Frame', icon: 'frame', pointsCost: 60, limitPerUser: 1 });
const tote = reward({ name: 'Curbside Tote Bag', category: 'merchandise', pointsCost: 600, limitPerUser: 1, delivery: 'postal' });
const tree = reward({ name: 'Plant a Tree', category: 'donations', pointsCost: 100, donated: { count: 312, text: '312 trees planted by neighbours' } });

function setup(points = 120, redemptions: UserReward[] = [redemption(frame.id)]) {
  const user = makeUser({ points });
  mockApi(`GET /api/users/${user.id}`, user);
  mockApi('GET /api/rewards', [spotlight, frame, tote, tree]);
  mockApi(`GET /api/users/${user.id}/rewards`, redemptions);
  return { user, ...renderWithApp(<ShopRoute />, { user, path: '/shop', routes: [{ path: '/', element: <p>Feed</p> }] }) };
}

const cardOf = (name: string) => screen.getAllByTestId('reward-card').find((c) => within(c).queryByRole('heading', { name })) as HTMLElement;

describe('points shop', () => {
  it('groups rewards in three sections with costs, counters and reasons', async () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Points Shop' })).toBeInTheDocument();
    expect(screen.getByText('Redeem your points for rewards')).toBeInTheDocument();
    expect(screen.getByTestId('shop-points')).toHaveTextContent('120 points');
    expect(await screen.findByRole('heading', { name: 'Perks' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Merch & Virtual Gift Cards' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Donations' })).toBeInTheDocument();

    expect(within(cardOf('Spotlight Post')).getByText('50 pts')).toBeInTheDocument();
    expect(within(cardOf('Spotlight Post')).getByText('0/5 redeemed')).toBeInTheDocument();
    expect(within(cardOf('Spotlight Post')).getByRole('button', { name: 'Redeem Spotlight Post' })).toBeEnabled();
    expect(within(cardOf('Profile Frame')).getByText('1/1 redeemed')).toBeInTheDocument();
    expect(within(cardOf('Profile Frame')).getByText('Already redeemed')).toBeInTheDocument();
    expect(within(cardOf('Profile Frame')).getByRole('button', { name: 'Redeem Profile Frame' })).toBeDisabled();
    expect(within(cardOf('Curbside Tote Bag')).getByText('Need 480 more points')).toBeInTheDocument();
    expect(within(cardOf('Curbside Tote Bag')).getByRole('button', { name: 'Redeem Curbside Tote Bag' })).toBeDisabled();
    expect(within(cardOf('Plant a Tree')).getByText('Unlimited')).toBeInTheDocument();
    expect(within(cardOf('Plant a Tree')).getByText('312 trees planted by neighbours')).toBeInTheDocument();
  });

  it('asks for the address before redeeming goods sent by post, checked as the server checks it', async () => {
    const { user } = setup(700, []);
    mockApi(`POST /api/rewards/${tote.id}/redeem`, {
      success: true,
      message: 'Curbside Tote Bag is yours. 600 points were deducted.',
      redemptionId: rid(),
      balance: 100,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem Curbside Tote Bag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Where should we send your Curbside Tote Bag?' }, { timeout: 5_000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redeem for 600 points' }));
    expect(await within(dialog).findByText('City is required')).toBeInTheDocument();
    expect(apiCalls(`POST /api/rewards/${tote.id}/redeem`)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Full name'), ADDRESS.name);
    await userEvent.type(within(dialog).getByLabelText('Address line 1'), ADDRESS.line1);
    await userEvent.type(within(dialog).getByLabelText('City'), ADDRESS.city);
    await userEvent.type(within(dialog).getByLabelText('Postal code'), ADDRESS.postalCode);
    await userEvent.type(within(dialog).getByLabelText('Country'), ADDRESS.country);
    mockApi(`GET /api/users/${user.id}/rewards`, [
      redemption(tote.id, {
        rewardName: 'Curbside Tote Bag',
        category: 'merchandise',
        status: 'requested',
        closedAt: null,
        delivery: { kind: 'postal', address: ADDRESS },
      }),
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redeem for 600 points' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent("We'll post it and tell you when it is sent.");
    expect(apiCalls(`POST /api/rewards/${tote.id}/redeem`)[0].body).toEqual({ userId: user.id, address: { ...ADDRESS, line2: '', region: '' } });
    const mine = await screen.findByTestId('your-redemptions');
    expect(within(mine).getByText('Requested')).toBeInTheDocument();
    expect(within(mine).getByText('To be posted to 12 Elm Street, Minneapolis, United States')).toBeInTheDocument();
  });

  it('says where the gift card goes, or that it needs a confirmed e-mail first', async () => {
    const giftCard = reward({ name: '$5 Virtual Gift Card', category: 'merchandise', pointsCost: 500, delivery: 'email' });
    for (const [alertEmail, note] of [
      [null, 'Needs a confirmed e-mail: add yours on your profile under Notification Settings (E-mail notifications).'],
      [{ address: 'ada@example.org', confirmed: true }, 'Sent to ada@example.org'],
    ] as const) {
      const user = makeUser({ points: 600, alertEmail });
      mockApi(`GET /api/users/${user.id}`, user);
      mockApi('GET /api/rewards', [giftCard, tote]);
      mockApi(`GET /api/users/${user.id}/rewards`, []);
      const { unmount } = renderWithApp(<ShopRoute />, { user, path: '/shop' });
      expect(
        await within(await screen.findByRole('heading', { name: '$5 Virtual Gift Card' }).then(() => cardOf('$5 Virtual Gift Card'))).findByTestId(
          'delivery-note',
        ),
      ).toHaveTextContent(note);
      expect(within(cardOf('Curbside Tote Bag')).getByTestId('delivery-note')).toHaveTextContent('Posted to the address you give');
      unmount();
    }
  });

  it('lists the member’s redemptions with their status; a cancelled one says why and does not count toward the limit', async () => {
    setup(700, [
      redemption(tote.id, { rewardName: 'Curbside Tote Bag', category: 'merchandise', status: 'cancelled', cancelReason: 'The tote bags ran out.' }),
      redemption(frame.id, { rewardName: 'Profile Frame' }),
    ]);
    const mine = await screen.findByTestId('your-redemptions');
    const rows = within(mine).getAllByTestId('redemption');
    expect(rows[0]).toHaveTextContent('Cancelled');
    expect(rows[0]).toHaveTextContent('The tote bags ran out. Your points were given back.');
    expect(rows[1]).toHaveTextContent('Fulfilled');
    expect(within(cardOf('Curbside Tote Bag')).getByText('0/1 redeemed')).toBeInTheDocument();
  });

  it('tells how points are earned, with the design amounts, and that badges are not for sale', async () => {
    setup();
    const earn = (await screen.findByRole('heading', { name: 'How to Earn Points' })).parentElement as HTMLElement;
    expect(earn).toHaveTextContent('Post an item: +10 points');
    expect(earn).toHaveTextContent('Post a scout find: +25 points');
    expect(earn).toHaveTextContent('Claim an item: +5 points');
    expect(screen.getByText(/Badges are earned automatically/)).toBeInTheDocument();
    expect(screen.getByText(/reach 250 points earned \(\+50 points\)/)).toBeInTheDocument();
    expect(earn).toHaveTextContent('Up to 10 posts a day earn points');
    expect(earn).toHaveTextContent('rounded down');
  });

  it('redeems: "Redeeming..." while pending, then the toast and fresh redemptions', async () => {
    const { user } = setup();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((done) => (release = done));
    mockApi(`POST /api/rewards/${spotlight.id}/redeem`, async () => {
      await gate;
      return { body: { success: true, message: 'Spotlight Post is yours. 50 points were deducted.', redemptionId: rid(), balance: 70 } };
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem Spotlight Post' }));
    expect(within(cardOf('Spotlight Post')).getByRole('button', { name: 'Redeem Spotlight Post' })).toHaveTextContent('Redeeming...');
    expect(within(cardOf('Plant a Tree')).getByRole('button', { name: 'Redeem Plant a Tree' })).toBeDisabled();
    mockApi(`GET /api/users/${user.id}/rewards`, [redemption(frame.id), redemption(spotlight.id)]);
    release();
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Reward Redeemed!');
    expect(toast).toHaveTextContent('Spotlight Post is yours. 50 points were deducted.');
    expect(await within(cardOf('Spotlight Post')).findByText('1/5 redeemed')).toBeInTheDocument();
    // The balance the redemption left shows at once, before the member's record has caught up.
    expect(screen.getByTestId('shop-points')).toHaveTextContent('70 points');
    expect(apiCalls(`POST /api/rewards/${spotlight.id}/redeem`)[0].body).toEqual({ userId: user.id });
  });

  it('shows the catalogue before the redemptions are in, with Redeem held back until they are', async () => {
    const user = makeUser({ points: 120 });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((done) => (release = done));
    mockApi('GET /api/rewards', [spotlight]);
    mockApi(`GET /api/users/${user.id}/rewards`, async () => {
      await gate;
      return { body: [] };
    });
    renderWithApp(<ShopRoute />, { user });
    const button = await screen.findByRole('button', { name: 'Redeem Spotlight Post' });
    expect(button).toBeDisabled();
    release();
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('says "Redemption Failed" with the server message', async () => {
    setup();
    mockApi(
      `POST /api/rewards/${tree.id}/redeem`,
      { code: 'REWARD.NOT_ENOUGH_POINTS', message: 'Not enough points: this reward costs 100 points and you have 20.' },
      409,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem Plant a Tree' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Redemption Failed');
    expect(toast).toHaveTextContent('Not enough points: this reward costs 100 points and you have 20.');
  });

  it('shows the empty state, and asks for a refresh without a user', async () => {
    const user = makeUser();
    mockApi(`GET /api/users/${user.id}`, user);
    mockApi('GET /api/rewards', []);
    mockApi(`GET /api/users/${user.id}/rewards`, []);
    const { unmount } = renderWithApp(<ShopRoute />, { user });
    expect(await screen.findByText('No rewards available')).toBeInTheDocument();
    expect(screen.getByText('Check back later for new rewards!')).toBeInTheDocument();
    unmount();
    renderWithApp(<ShopRoute />, { user: null });
    expect(screen.getByText('Please refresh the page to access the shop')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How to Earn Points' })).toBeInTheDocument();
  });

  it('goes back to the feed when opened directly', async () => {
    const { router } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
