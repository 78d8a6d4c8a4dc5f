import type { OpenRedemption } from '@curbside/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { FulfilmentList } from './fulfilment-list';

const admin = makeUser({ username: 'Ops' });
const open = (overrides: Partial<OpenRedemption> = {}): OpenRedemption => ({
  id: crypto.randomUUID(),
  rewardId: crypto.randomUUID(),
  rewardName: 'Curbside Tote Bag',
  category: 'merchandise',
  pointsCost: 600,
  redeemedAt: new Date().toISOString(),
  memberId: crypto.randomUUID(),
  memberName: 'Ada L.',
  delivery: {
    kind: 'postal',
    address: { name: 'Ada Lovelace', line1: '12 Elm Street', city: 'Minneapolis', region: 'MN', postalCode: '55401', country: 'United States' },
  },
  ...overrides,
});

describe('fulfilment list', () => {
  it('shows each open redemption with where it goes, and marks one fulfilled', async () => {
    const tote = open();
    const card = open({ rewardName: '$5 Virtual Gift Card', delivery: { kind: 'email', email: 'ada@example.org' } });
    mockApi('GET /api/admin/fulfilment', () => ({ body: [tote, card] }));
    mockApi(`POST /api/admin/fulfilment/${tote.id}/fulfil`, { id: tote.id, status: 'fulfilled', pointsReturned: 0 });
    renderWithApp(<FulfilmentList />, { user: admin });

    const toteCard = await screen.findByRole('article', { name: 'Curbside Tote Bag' });
    expect(within(toteCard).getByTestId('delivery-address')).toHaveTextContent('Ada Lovelace 12 Elm Street Minneapolis MN 55401 United States');
    expect(within(toteCard).getByText('Ada L.')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: '$5 Virtual Gift Card' })).getByText('E-mail to ada@example.org')).toBeInTheDocument();

    mockApi('GET /api/admin/fulfilment', () => ({ body: [card] }));
    await userEvent.click(within(toteCard).getByRole('button', { name: 'Mark fulfilled' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Marked as sent');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Curbside Tote Bag' })).not.toBeInTheDocument());
  });

  it('cancels only with a reason the member reads', async () => {
    const tote = open();
    mockApi('GET /api/admin/fulfilment', () => ({ body: [tote] }));
    mockApi(`POST /api/admin/fulfilment/${tote.id}/cancel`, { id: tote.id, status: 'cancelled', pointsReturned: 600 });
    renderWithApp(<FulfilmentList />, { user: admin });
    const article = await screen.findByRole('article', { name: 'Curbside Tote Bag' });
    await userEvent.click(within(article).getByRole('button', { name: 'Cancel…' }));
    await userEvent.click(within(article).getByRole('button', { name: 'Cancel and give the points back' }));
    expect(await within(article).findByText('Give a reason for the cancellation')).toBeInTheDocument();
    expect(apiCalls(`POST /api/admin/fulfilment/${tote.id}/cancel`)).toHaveLength(0);
    await userEvent.type(within(article).getByLabelText('Why it is cancelled (the member reads it)'), 'The tote bags ran out.');
    await userEvent.click(within(article).getByRole('button', { name: 'Cancel and give the points back' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('600 points went back to the member');
    expect(apiCalls(`POST /api/admin/fulfilment/${tote.id}/cancel`)[0].body).toEqual({ reason: 'The tote bags ran out.' });
  });

  it('tells anyone else that the page is for administrators', async () => {
    mockApi('GET /api/admin/fulfilment', { code: 'REWARD.NOT_ADMIN', message: 'Fulfilment is for administrators only.' }, 403);
    renderWithApp(<FulfilmentList />, { user: makeUser() });
    expect(await screen.findByText('This page is for administrators.')).toBeInTheDocument();
  });
});
