import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi } from '../../testing/api-mock';
import { makeUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import SearchRoute from './search';

describe('Search', () => {
  it('with no results, says what to try next: other words, a wider search, saving it', async () => {
    mockApi('GET /api/items', []);
    mockApi('GET /api/saved-searches', []);
    renderWithApp(<SearchRoute />, { user: makeUser({ subscriptionTier: 'premium' }) });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search items' }), 'zzzxq unicorn');
    const empty = await screen.findByTestId('search-empty');
    expect(within(empty).getByRole('heading', { name: 'No items match "zzzxq unicorn" within 10 miles' })).toBeInTheDocument();
    expect(empty).toHaveTextContent('Check the spelling, or try other or fewer words.');
    expect(empty).toHaveTextContent("Save this search and we'll tell you when a match is posted nearby.");
    await userEvent.click(within(empty).getByRole('button', { name: 'Expand search to 25 miles' }));
    expect(await screen.findByRole('heading', { name: 'No items match "zzzxq unicorn" within 25 miles' })).toBeInTheDocument();
    expect(apiCalls('GET /api/items').at(-1)?.url).toContain('radius=25');
  });

  it('offers no wider search past the member’s plan, and no saving to a visitor', async () => {
    mockApi('GET /api/items', []);
    renderWithApp(<SearchRoute />);
    const empty = await screen.findByTestId('search-empty');
    expect(within(empty).getByRole('heading', { name: 'No items match your search within 5 miles' })).toBeInTheDocument();
    expect(within(empty).queryByRole('button')).not.toBeInTheDocument();
    expect(empty).not.toHaveTextContent('Save this search');
  });
});
