import { screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import CommentsPanel from './comments-panel';

const ITEM = 'item-1';
const comment = (userId: string, content: string) => ({
  id: `c-${content}`,
  itemId: ITEM,
  content,
  createdAt: new Date().toISOString(),
  isEdited: false,
  user: { id: userId, username: 'Writer', rank: 'Scout', subscriptionTier: 'premium' },
});

describe('CommentsPanel', () => {
  it('asks anonymous visitors to sign in', async () => {
    mockApi(`GET /api/items/${ITEM}/comments`, []);
    renderWithApp(<CommentsPanel itemId={ITEM} />, { user: null });
    expect(await screen.findByText('Sign in to join the conversation')).toBeInTheDocument();
  });

  it('shows the free quota, refuses empty comments and posts', async () => {
    const user = makeUser();
    mockApi(`GET /api/items/${ITEM}/comments`, []);
    mockApi(`GET /api/users/${user.id}/comments/monthly`, { used: 2, limit: 5 });
    mockApi(`POST /api/items/${ITEM}/comments`, comment(user.id, 'Still there at 5pm'));
    renderWithApp(<CommentsPanel itemId={ITEM} />, { user });
    expect(await screen.findByText('2/5 comments used this month')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please write something before posting');
    await userEvent.type(screen.getByLabelText('Add a comment'), '  Still there at 5pm ');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    await screen.findByRole('button', { name: 'Post Comment' });
    expect(apiCalls(`POST /api/items/${ITEM}/comments`)[0]?.body).toEqual({ userId: user.id, content: 'Still there at 5pm' });
  });

  it('stops free users at the monthly limit', async () => {
    const user = makeUser();
    mockApi(`GET /api/items/${ITEM}/comments`, []);
    mockApi(`GET /api/users/${user.id}/comments/monthly`, { used: 5, limit: 5 });
    renderWithApp(<CommentsPanel itemId={ITEM} />, { user });
    expect(await screen.findByText(/You've used all 5 free comments this month/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post Comment' })).not.toBeInTheDocument();
  });

  it('deletes a comment only after the author confirms', async () => {
    const user = makeUser({ subscriptionTier: 'pro' });
    mockApi(`GET /api/items/${ITEM}/comments`, [comment(user.id, 'first')]);
    mockApi(`DELETE /api/items/${ITEM}/comments/c-first`, { success: true, message: 'Comment deleted' });
    renderWithApp(<CommentsPanel itemId={ITEM} />, { user });
    const trash = await screen.findByRole('button', { name: 'Delete comment' });
    await userEvent.click(trash);
    const dialog = screen.getByRole('dialog', { name: 'Delete comment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Delete comment?' })).not.toBeInTheDocument();
    expect(trash).toHaveFocus();
    expect(apiCalls(`DELETE /api/items/${ITEM}/comments/c-first`)).toHaveLength(0);
    await userEvent.click(trash);
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete comment?' })).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(apiCalls(`DELETE /api/items/${ITEM}/comments/c-first`)).toHaveLength(1));
  });

  it('lets the author edit inline and reports a failed update', async () => {
    const user = makeUser({ subscriptionTier: 'pro' });
    mockApi(`GET /api/items/${ITEM}/comments`, [comment(user.id, 'first')]);
    mockApi(`PATCH /api/items/${ITEM}/comments/c-first`, 'nope', 500);
    renderWithApp(<CommentsPanel itemId={ITEM} />, { user });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit comment' }));
    const box = screen.getByLabelText('Edit comment');
    await userEvent.clear(box);
    await userEvent.type(box, 'edited');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update comment');
    expect(apiCalls(`PATCH /api/items/${ITEM}/comments/c-first`)[0]?.body).toEqual({ content: 'edited' });
  });
});
