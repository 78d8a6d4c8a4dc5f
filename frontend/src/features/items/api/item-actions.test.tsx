import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { makeItem, makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { commentsQueryOptions } from '../../comments/api/comments';
import { useVoteItem } from './item-actions';
import { itemQueryOptions } from './get-item';

const user = makeUser();
const item = makeItem();

/** An item's page with its comment thread open, and a vote button. */
function ItemWithThread() {
  const shown = useQuery(itemQueryOptions(item.id));
  const thread = useQuery(commentsQueryOptions(item.id));
  const vote = useVoteItem();
  return (
    <>
      <p>{shown.data ? `${shown.data.voteCount} votes` : 'loading'}</p>
      <p>{thread.data ? `${thread.data.length} comments` : 'loading'}</p>
      <button type="button" onClick={() => vote.mutate({ itemId: item.id, userId: user.id })}>
        Vote
      </button>
    </>
  );
}

describe('item mutations refetch what they change', () => {
  it('a vote refetches the item, not its open comment thread', async () => {
    let votes = 0;
    mockApi(`GET /api/items/${item.id}`, () => ({ body: { ...item, voteCount: votes } }));
    mockApi(`GET /api/items/${item.id}/comments`, []);
    mockApi(`POST /api/items/${item.id}/vote`, () => ((votes += 1), { body: { success: true, voted: true, voteCount: votes } }));
    renderWithApp(<ItemWithThread />, { user });
    expect(await screen.findByText('0 votes')).toBeInTheDocument();
    expect(await screen.findByText('0 comments')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Vote' }));
    expect(await screen.findByText('1 votes')).toBeInTheDocument();
    await waitFor(() => expect(apiCalls(`GET /api/items/${item.id}`)).toHaveLength(2));
    expect(apiCalls(`GET /api/items/${item.id}/comments`)).toHaveLength(1);
  });
});
