import { screen } from '@testing-library/react';
import { mockApi } from '../../testing/api-mock';
import { makeItem, makeUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import ItemRoute from './item';

describe('item page', () => {
  it("opens the item's card with its actions", async () => {
    const item = makeItem();
    mockApi(`GET /api/items/${item.id}`, item);
    renderWithApp(<ItemRoute />, { user: makeUser(), path: '/items/:id', entry: `/items/${item.id}` });
    expect(await screen.findByTestId('item-card')).toHaveTextContent('Oak bookshelf');
    expect(screen.getByRole('button', { name: /Vote for Oak bookshelf/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share Oak bookshelf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /View Comments/ })).toBeInTheDocument();
  });

  it('says the item is not found for an unknown or removed item', async () => {
    const id = '00000000-0000-4000-a000-00000000dead';
    mockApi(`GET /api/items/${id}`, { code: 'ITEM.NOT_FOUND', message: 'Item not found' }, 404);
    renderWithApp(<ItemRoute />, { user: makeUser(), path: '/items/:id', entry: `/items/${id}` });
    expect(await screen.findByRole('heading', { name: 'Item not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the feed' })).toHaveAttribute('href', '/');
  });
});
