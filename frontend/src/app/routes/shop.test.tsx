import type { Reward, UserReward } from '@curbside/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi } from '../../testing/api-mock';
import { makeUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import ShopRoute from './shop';

let n = 0;
const rid = () => `00000000-0000-4000-a000-${String(++n).padStart(12, '0')}`;
const reward = (overrides: Partial<Reward>): Reward => ({ id: rid(), name: 'Reward', description: 'Nice', icon: 'gift', category: 'perks', pointsCost: 50, ...overrides });
const redemption = (rewardId: string): UserReward => ({ id: rid(), rewardId, pointsCost: 50, redeemedAt: new Date().toISOString() });

const spotlight = reward({ name: 'Spotlight Post', icon: 'sparkles', pointsCost: 50, limitPerUser: 5 });
const frame = reward({ name: 'Profile Frame', icon: 'frame', pointsCost: 60, limitPerUser: 1 });
const tote = reward({ name: 'Curbside Tote Bag', category: 'merchandise', pointsCost: 600, limitPerUser: 1 });
const tree = reward({ name: 'Plant a Tree', category: 'donations', pointsCost: 100 });

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
  });

  it('tells how points are earned, with the design amounts, and that badges are not for sale', async () => {
    setup();
    const earn = (await screen.findByRole('heading', { name: 'How to Earn Points' })).parentElement as HTMLElement;
    expect(earn).toHaveTextContent('Post an item: +10 points');
    expect(earn).toHaveTextContent('Post a scout find: +25 points');
    expect(earn).toHaveTextContent('Claim an item: +5 points');
    expect(screen.getByText(/Badges are earned automatically/)).toBeInTheDocument();
    expect(screen.getByText(/reach 250 points \(\+50 points\)/)).toBeInTheDocument();
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
    mockApi(`POST /api/rewards/${tree.id}/redeem`, { code: 'REWARD.NOT_ENOUGH_POINTS', message: 'Not enough points: this reward costs 100 points and you have 20.' }, 409);
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
