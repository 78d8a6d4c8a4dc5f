import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { makeItem, makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import EditItemDialog from './edit-item-dialog';

describe('EditItemDialog', () => {
  it('requires a title and sends the reward in cents', async () => {
    const user = makeUser({ isVerified: true });
    const item = makeItem({ posterId: user.id, pricingType: 'paid', customAmount: 500, timeLimit: 6 });
    mockApi(`PATCH /api/items/${item.id}`, item);
    renderWithApp(<EditItemDialog item={item} onClose={() => undefined} />, { user });
    const title = screen.getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a title for your item.');
    expect(title).toHaveFocus();
    await userEvent.type(title, 'Desk');
    fireEvent.change(screen.getByLabelText('Reward: $5'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Pickup time limit: 6 h'), { target: { value: '24' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Item updated')).toBeInTheDocument();
    expect(apiCalls(`PATCH /api/items/${item.id}`)[0]?.body).toMatchObject({
      userId: user.id,
      title: 'Desk',
      pricingType: 'paid',
      customAmount: 10_000,
      timeLimit: 24,
    });
  });

  it('says "Failed to update item" when the server refuses', async () => {
    const user = makeUser();
    const item = makeItem({ posterId: user.id });
    mockApi(`PATCH /api/items/${item.id}`, { code: 'ITEM.NOT_EDITABLE', message: 'Item is no longer available' }, 409);
    renderWithApp(<EditItemDialog item={item} onClose={() => undefined} />, { user });
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Failed to update item');
    expect(toast).toHaveTextContent('Item is no longer available');
  });
});
