import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { makeItem, makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { ordinal, QueueControls } from './queue-controls';

describe('QueueControls', () => {
  const held = (overrides = {}) => makeItem({ status: 'first_dibs', reservedById: '00000000-0000-4000-8000-0000000000ff', ...overrides });

  it('says "1 in line" and lets a neighbour get in line', async () => {
    const item = held({ queueLength: 1 });
    mockApi(`POST /api/items/${item.id}/queue`, { success: true, message: "You're number 2 in line.", queue: { length: 2, position: 2, members: null } }, 201);
    renderWithApp(<QueueControls item={item} />, { user: makeUser() });
    expect(screen.getByTestId('queue-controls')).toHaveTextContent(/^1 in line/);
    await userEvent.click(screen.getByRole('button', { name: 'Get in line' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent("You're number 2 in line.");
    expect(apiCalls(`POST /api/items/${item.id}/queue`)).toHaveLength(1);
  });

  it("shows the caller's place and a way out of the line", () => {
    renderWithApp(<QueueControls item={held({ queueLength: 3, queuePosition: 2 })} />, { user: makeUser() });
    expect(screen.getByTestId('queue-controls')).toHaveTextContent("3 in line · you're 2nd");
    expect(screen.getByRole('button', { name: 'Leave line' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get in line' })).not.toBeInTheDocument();
  });

  it('lets the holder release the hold', async () => {
    const user = makeUser();
    const item = held({ reservedById: user.id });
    mockApi(`DELETE /api/items/${item.id}/hold`, { success: true, message: 'You released your hold.' });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithApp(<QueueControls item={item} />, { user });
    await userEvent.click(screen.getByRole('button', { name: 'Release hold' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Hold released');
  });

  it('shows the poster who is in line, by public name', async () => {
    const user = makeUser();
    const item = held({ posterId: user.id, queueLength: 2 });
    mockApi(`GET /api/items/${item.id}/queue`, {
      length: 2,
      position: null,
      members: [
        {
          userId: '00000000-0000-4000-8000-0000000000a1',
          publicName: 'Ann B.',
          position: 1,
          joinedAt: new Date().toISOString(),
          reliability: { pickedUp: 12, holds: 14 },
        },
        { userId: '00000000-0000-4000-8000-0000000000a2', publicName: 'Ben C.', position: 2, joinedAt: new Date().toISOString(), reliability: null },
      ],
      holderReliability: { pickedUp: 1, holds: 4 },
    });
    renderWithApp(<QueueControls item={item} />, { user });
    await userEvent.click(screen.getByRole('button', { name: 'See who is in line' }));
    const list = await screen.findByRole('list', { name: 'Neighbours in line' });
    expect(list).toHaveTextContent('Ann B. · picked up 12 of 14 holdsBen C.');
    expect(screen.getByText('Your holder has picked up 1 of 4 holds')).toBeInTheDocument();
  });

  const line = {
    length: 2,
    position: null,
    members: [
      { userId: '00000000-0000-4000-8000-0000000000a1', publicName: 'Ann B.', position: 1, joinedAt: new Date().toISOString(), reliability: null },
      { userId: '00000000-0000-4000-8000-0000000000a2', publicName: 'Ben C.', position: 2, joinedAt: new Date().toISOString(), reliability: null },
    ],
    holderReliability: null,
  };

  it('lets the poster of a paid item pick a member from the line', async () => {
    const user = makeUser();
    const item = held({ posterId: user.id, queueLength: 2, pricingType: 'paid', customAmount: 500 });
    mockApi(`GET /api/items/${item.id}/queue`, line);
    const picked = {
      ...line,
      members: [
        { ...line.members[1], position: 1 },
        { ...line.members[0], position: 2 },
      ],
    };
    mockApi(`POST /api/items/${item.id}/queue/${line.members[1].userId}/pick`, {
      success: true,
      message: 'Ben C. is next: they get the hold for 30 minutes when the current one ends.',
      queue: picked,
    });
    renderWithApp(<QueueControls item={item} />, { user });
    await userEvent.click(screen.getByRole('button', { name: 'See who is in line' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pick Ben C.' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Ben C. is next');
    expect(apiCalls(`POST /api/items/${item.id}/queue/${line.members[1].userId}/pick`)).toHaveLength(1);
    expect(apiCalls(`POST /api/items/${item.id}/queue/${line.members[0].userId}/pick`)).toHaveLength(0);
  });

  it('offers the poster a Pick button for a garage sale, never for a free curb item', async () => {
    const user = makeUser();
    const sale = held({ posterId: user.id, queueLength: 2, isGarageSale: true });
    mockApi(`GET /api/items/${sale.id}/queue`, line);
    const { unmount } = renderWithApp(<QueueControls item={sale} />, { user });
    await userEvent.click(screen.getByRole('button', { name: 'See who is in line' }));
    expect(await screen.findAllByRole('button', { name: /^Pick / })).toHaveLength(2);
    unmount();

    const curb = held({ posterId: user.id, queueLength: 2, pricingType: 'free' });
    mockApi(`GET /api/items/${curb.id}/queue`, line);
    renderWithApp(<QueueControls item={curb} />, { user });
    await userEvent.click(screen.getByRole('button', { name: 'See who is in line' }));
    await screen.findByRole('list', { name: 'Neighbours in line' });
    expect(screen.queryByRole('button', { name: /^Pick / })).not.toBeInTheDocument();
  });

  it('is not there for an item nobody holds', () => {
    renderWithApp(<QueueControls item={makeItem()} />, { user: makeUser() });
    expect(screen.queryByTestId('queue-controls')).not.toBeInTheDocument();
  });

  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [21, '21st'],
  ])('orders %i as %s', (n, word) => {
    expect(ordinal(n)).toBe(word);
  });
});
