import { vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi, type RecordedCall } from '../../../testing/api-mock';
import { makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { itemLinkOf } from '../../../lib/notifications/notification-data';
import { wantedByText } from '../../../lib/saved-search-text';
import { SaveSearchButton } from './save-search-button';
import { SavedSearchesDialog } from './saved-searches-dialog';

const HERE = { lat: 47.6, lng: -122.3 };
const saved = (id: string, query: string, isPublic = false) => ({
  id,
  query,
  words: query.split(' '),
  category: null,
  radius: 5,
  location: { lat: HERE.lat, lng: HERE.lng, label: 'Home' },
  isPublic,
  autoClaim: false,
  createdAt: new Date().toISOString(),
});

describe('saved searches', () => {
  it('saves the search on screen as a wanted post, with the place named for the member alone', async () => {
    mockApi('GET /api/saved-searches', []);
    mockApi('POST /api/saved-searches', saved('11111111-1111-4111-8111-111111111111', 'oak desk', true), 201);
    renderWithApp(<SaveSearchButton search={{ query: 'oak desk', category: 'Furniture', radius: 5, position: HERE }} />, {
      user: makeUser({ subscriptionTier: 'free' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save this search' }));
    expect(screen.getByRole('dialog', { name: 'Save this search' })).toHaveTextContent('"oak desk" in Furniture within 5 miles of your location');
    await userEvent.type(screen.getByLabelText('Name this place (optional)'), 'Home');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Save search' }));
    await vi.waitFor(() => expect(apiCalls('POST /api/saved-searches')).toHaveLength(1));
    expect(apiCalls('POST /api/saved-searches')[0].body).toEqual({
      query: 'oak desk',
      category: 'Furniture',
      radius: 5,
      location: { ...HERE, label: 'Home' },
      isPublic: true,
    });
  });

  it("is locked past the plan's number of saved searches and opens the plans instead", async () => {
    mockApi('GET /api/saved-searches', [saved('11111111-1111-4111-8111-111111111111', 'lamp')]);
    renderWithApp(<SaveSearchButton search={{ query: 'desk', radius: 5, position: HERE }} />, { user: makeUser({ subscriptionTier: 'free' }) });
    await userEvent.click(await screen.findByRole('button', { name: /Save this search, locked: The Free plan keeps 1 saved search/ }));
    expect(await screen.findByRole('dialog', { name: /plan/i })).toHaveTextContent('The Free plan keeps 1 saved search.');
    expect(apiCalls('POST /api/saved-searches')).toHaveLength(0);
  });

  it('lists the saved searches, wanted posts marked, and deletes one, focus staying in the list', async () => {
    let list = [saved('11111111-1111-4111-8111-111111111111', 'lamp'), saved('22222222-2222-4222-8222-222222222222', 'crib', true)];
    mockApi('GET /api/saved-searches', () => ({ status: 200, body: list }));
    mockApi('DELETE /api/saved-searches/:id', () => {
      list = list.slice(1);
      return { status: 200, body: { success: true } };
    });
    renderWithApp(<SavedSearchesDialog open onClose={() => undefined} />, { user: makeUser({ subscriptionTier: 'basic' }) });
    expect(await screen.findByRole('list', { name: 'Saved searches' })).toHaveTextContent('Wanted post');
    expect(screen.getByRole('dialog')).toHaveTextContent('2 of 3 on the Basic plan');
    await userEvent.click(screen.getByRole('button', { name: 'Delete saved search "lamp"' }));
    await vi.waitFor(() => expect(screen.queryByText('"lamp"')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog')).toHaveTextContent('1 of 3 on the Basic plan');
    // The deleted row's button is gone: the next row's Delete has focus, then the empty list's words.
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Delete saved search "crib"' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(screen.getByText(/No saved searches yet/)).toHaveFocus());
  });

  it('tells the poster how many neighbours want the item, and a match alert opens the item', () => {
    expect(wantedByText(0)).toBeNull();
    expect(wantedByText(1)?.title).toBe('1 neighbour wants this!');
    expect(wantedByText(3)?.title).toBe('3 neighbours want this!');
    const itemId = '33333333-3333-4333-8333-333333333333';
    expect(itemLinkOf({ type: 'saved_search_match', data: JSON.stringify({ itemId, wanted: true }) })).toBe(`/items/${itemId}`);
    expect(itemLinkOf({ type: 'ranking_update', data: JSON.stringify({ itemId }) })).toBeNull();
    expect(itemLinkOf({ type: 'saved_search_match', data: '{"itemId":"../admin"}' })).toBeNull();
  });

  it('switches auto-claim on for a Pro member, and on other plans the locked switch opens the plans instead', async () => {
    const id = '11111111-1111-4111-8111-111111111111';
    let list = [saved(id, 'lamp')];
    mockApi('GET /api/saved-searches', () => ({ status: 200, body: list }));
    mockApi('PATCH /api/saved-searches/:id', () => {
      list = [{ ...list[0], autoClaim: true }];
      return { status: 200, body: list[0] };
    });
    const pro = renderWithApp(<SavedSearchesDialog open onClose={() => undefined} />, { user: makeUser({ subscriptionTier: 'pro' }) });
    const toggle = await screen.findByRole('switch', { name: 'Auto-claim "lamp"' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await vi.waitFor(() => expect(apiCalls(`PATCH /api/saved-searches/${id}`)).toHaveLength(1));
    expect(apiCalls(`PATCH /api/saved-searches/${id}`)[0].body).toEqual({ autoClaim: true });
    await vi.waitFor(() => expect(screen.getByRole('switch', { name: 'Auto-claim "lamp"' })).toBeChecked());
    pro.unmount();

    renderWithApp(<SavedSearchesDialog open onClose={() => undefined} />, { user: makeUser({ subscriptionTier: 'premium' }) });
    const locked = await screen.findByRole('switch', { name: 'Auto-claim "lamp", locked: Pro' });
    await userEvent.click(locked);
    expect(await screen.findByRole('dialog', { name: /plan/i })).toHaveTextContent("Pro's auto-claim holds a matching new item for you");
    expect(apiCalls(`PATCH /api/saved-searches/${id}`)).toHaveLength(1);
  });

  it('edits the words of a search in place; a wanted post the checks hold again says so; too many words ask nothing', async () => {
    const id = '22222222-2222-4222-8222-222222222222';
    let list: (ReturnType<typeof saved> & { inReview?: boolean })[] = [saved(id, 'crib', true)];
    mockApi('GET /api/saved-searches', () => ({ status: 200, body: list }));
    mockApi('PATCH /api/saved-searches/:id', (request: RecordedCall) => {
      const query = (request.body as { query: string }).query;
      list = [{ ...list[0], query, words: query.split(' '), inReview: true }];
      return { status: 200, body: list[0] };
    });
    renderWithApp(<SavedSearchesDialog open onClose={() => undefined} />, { user: makeUser({ subscriptionTier: 'basic' }) });
    const edit = await screen.findByRole('button', { name: 'Edit words of saved search "crib"' });
    await userEvent.click(edit);
    const words = screen.getByRole('textbox', { name: 'Search words' });
    expect(words).toHaveFocus();
    await userEvent.clear(words);
    await userEvent.type(words, 'one two three four five six seven eight nine');
    await userEvent.click(screen.getByRole('button', { name: 'Save words' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('at most 8 words');
    expect(apiCalls(`PATCH /api/saved-searches/${id}`)).toHaveLength(0);

    await userEvent.clear(words);
    await userEvent.type(words, 'baby crib');
    await userEvent.click(screen.getByRole('button', { name: 'Save words' }));
    await vi.waitFor(() => expect(apiCalls(`PATCH /api/saved-searches/${id}`)).toHaveLength(1));
    expect(apiCalls(`PATCH /api/saved-searches/${id}`)[0].body).toEqual({ query: 'baby crib' });
    expect(await screen.findByText('It is hidden from neighbours until a moderator has looked at the new words.')).toBeInTheDocument();
    expect(await screen.findByText('"baby crib"')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Search words' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Edit words of saved search "baby crib"' })).toHaveFocus());
  });
});
