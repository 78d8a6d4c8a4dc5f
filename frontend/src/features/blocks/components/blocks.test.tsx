import { vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import BlockMemberDialog from './block-member-dialog';
import { BlockedMembersDialog } from './blocked-members-dialog';

const THEM = '22222222-2222-4222-8222-222222222222';

describe('blocking', () => {
  it('blocks a member after asking, then closes', async () => {
    mockApi(`POST /api/users/${THEM}/block`, { userId: THEM, blocked: true });
    const onClose = vi.fn();
    renderWithApp(<BlockMemberDialog userId={THEM} name="curb_fox" onClose={onClose} />, { user: makeUser() });
    expect(screen.getByRole('dialog', { name: 'Block curb_fox?' })).toHaveTextContent('They are not told.');
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(apiCalls(`POST /api/users/${THEM}/block`)).toHaveLength(1);
  });

  it('lists blocked members with Unblock', async () => {
    let list = [{ userId: THEM, username: 'curb_fox', blockedAt: new Date().toISOString() }];
    mockApi('GET /api/blocks', () => ({ status: 200, body: list }));
    mockApi(`DELETE /api/users/${THEM}/block`, () => {
      list = [];
      return { status: 200, body: { userId: THEM, blocked: false } };
    });
    renderWithApp(<BlockedMembersDialog open onClose={() => undefined} />, { user: makeUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Unblock curb_fox' }));
    expect(await screen.findByText("You haven't blocked anyone.")).toBeInTheDocument();
  });
});
