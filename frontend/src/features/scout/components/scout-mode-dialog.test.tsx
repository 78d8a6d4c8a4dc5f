import type { User } from '@curbside/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { makeUser } from '../../../testing/factories';
import { SessionProvider, useSession } from '../../../lib/session/session-provider';
import { ScoutModeDialog } from './scout-mode-dialog';

/** A signed-in neighbour whose record the server changes as the calls go through. */
function serveUser(initial: User) {
  let current = initial;
  localStorage.setItem('onboardingCompleted', 'true');
  localStorage.setItem('userId', initial.id);
  mockApi(`GET /api/users/${initial.id}`, () => ({ body: current }));
  return (changes: Partial<User>) => (current = { ...current, ...changes });
}

function Ready({ children }: { children: React.ReactNode }) {
  const { phase } = useSession();
  return phase === 'ready' ? children : null;
}

/** The button once the member has loaded: until then it is there but disabled, and a click on it does nothing. */
async function becomeScoutButton(): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name: 'Become a Scout' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

function renderScout() {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider reload={() => undefined}>
        <Ready>
          <ScoutModeDialog open onClose={onClose} />
        </Ready>
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { onClose };
}

describe('ScoutModeDialog', () => {
  it('verifies first, then shows the scout guidelines and switches scout mode on by itself', async () => {
    const user = makeUser({ isVerified: false });
    const change = serveUser(user);
    mockApi(`GET /api/verification/status/${user.id}`, { status: 'none', submittedAt: null });
    mockApi(`POST /api/users/${user.id}/verify`, { success: true, message: 'Check your phone for the verification code' });
    mockApi('POST /api/phone/verify-code', () => (change({ isVerified: true }), { body: { success: true, message: 'Your account is verified' } }));
    mockApi(`PATCH /api/users/${user.id}/scout-mode`, () => (change({ scoutMode: true }), { body: { scoutMode: true } }));
    const { onClose } = renderScout();

    const intro = await screen.findByRole('dialog', { name: 'Become a Curb Scout!' });
    expect(intro).toHaveTextContent("you'll verify your phone first");
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.click(await becomeScoutButton());

    await screen.findByRole('dialog', { name: 'Account Verification' });
    await userEvent.type(await screen.findByLabelText('Full name'), 'Jordan Rivers');
    await userEvent.type(screen.getByLabelText('Phone number'), '5551234567');
    await userEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    await userEvent.type(await screen.findByLabelText('6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    const terms = await screen.findByRole('dialog', { name: 'Scout Safety Guidelines' });
    expect(apiCalls(`PATCH /api/users/${user.id}/scout-mode`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Accept & Continue' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(terms).not.toBeInTheDocument();
    expect(apiCalls(`PATCH /api/users/${user.id}/scout-mode`)[0]?.body).toEqual({ scoutMode: true });
    expect(screen.getByTestId('toast')).toHaveTextContent("You're a Curb Scout!");
    expect(JSON.parse(localStorage.getItem('acceptedSafetyTerms') ?? '[]')).toContain('scout');
  });

  it('goes straight to the switch for a verified neighbour who accepted the scout guidelines before', async () => {
    const user = makeUser({ isVerified: true });
    serveUser(user);
    localStorage.setItem('acceptedSafetyTerms', JSON.stringify(['scout']));
    mockApi(`PATCH /api/users/${user.id}/scout-mode`, { code: 'USER.VERIFICATION_REQUIRED', message: 'Only verified users can become Scouts' }, 403);
    const { onClose } = renderScout();
    await userEvent.click(await becomeScoutButton());
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Failed to activate Scout Mode'));
    expect(screen.getByTestId('toast')).toHaveTextContent('Only verified users can become Scouts');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Become a Scout' })).toBeEnabled();
  });

  it('offers scouts "Scout Mode Settings" to turn it off', async () => {
    const user = makeUser({ isVerified: true, scoutMode: true });
    const change = serveUser(user);
    mockApi(`PATCH /api/users/${user.id}/scout-mode`, () => (change({ scoutMode: false }), { body: { scoutMode: false } }));
    const { onClose } = renderScout();
    expect(await screen.findByRole('dialog', { name: 'Scout Mode Settings' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Turn Off Scout Hunt' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(apiCalls(`PATCH /api/users/${user.id}/scout-mode`)[0]?.body).toEqual({ scoutMode: false });
  });
});
