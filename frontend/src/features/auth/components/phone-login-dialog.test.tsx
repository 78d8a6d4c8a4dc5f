import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { makeUser } from '../../../testing/factories';
import { PhoneLoginDialog, SUCCESS_HANDOFF_MS } from './phone-login-dialog';

function renderLogin() {
  const onClose = vi.fn();
  const onSignedIn = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PhoneLoginDialog open onClose={onClose} onSignedIn={onSignedIn} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { onClose, onSignedIn };
}

const toastText = () => screen.getByTestId('toast').textContent;

describe('PhoneLoginDialog', () => {
  it('checks the number, sends the code, checks the code, asks a new account its first name, then says "Account Created!"', async () => {
    const user = makeUser({ firstName: 'Sam' });
    mockApi('POST /api/auth/send-code', { success: true, message: 'Check your phone for the verification code' });
    mockApi('POST /api/auth/verify-code', (call: { body: { firstName?: string } }) => ({
      body: call.body.firstName
        ? { success: true, message: 'Account created', isNewUser: true, user }
        : { success: false, message: 'Please enter your first name', isNewUser: true, needsName: true, user: null },
    }));
    const { onClose, onSignedIn } = renderLogin();

    await userEvent.type(screen.getByLabelText('Phone number'), '555123');
    await userEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(toastText()).toContain('Invalid Phone Number');
    expect(toastText()).toContain('Please enter a valid 10-digit phone number');
    expect(apiCalls('POST /api/auth/send-code')).toHaveLength(0);
    // A refused form gives the focus back to the field it refused.
    expect(screen.getByLabelText('Phone number')).toHaveFocus();

    await userEvent.type(screen.getByLabelText('Phone number'), '4567');
    expect(screen.getByLabelText('Phone number')).toHaveValue('(555) 123-4567');
    await userEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByRole('dialog', { name: 'Enter Verification Code' })).toBeInTheDocument();
    expect(toastText()).toContain('Code Sent!');
    expect(apiCalls('POST /api/auth/send-code')[0]?.body).toEqual({ phoneNumber: '(555) 123-4567' });

    await userEvent.type(screen.getByLabelText('6-digit code'), '12a34');
    expect(screen.getByLabelText('6-digit code')).toHaveValue('1234');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(toastText()).toContain('Invalid Code');
    expect(toastText()).toContain('Please enter the 6-digit verification code');

    await userEvent.type(screen.getByLabelText('6-digit code'), '56');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByRole('dialog', { name: 'Create Your Account' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(toastText()).toContain('Name Required');
    expect(toastText()).toContain('Please enter your first name');
    expect(screen.getByLabelText('First name')).toHaveFocus();

    await userEvent.type(screen.getByLabelText('First name'), 'Sam');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('dialog', { name: 'Account Created!' })).toBeInTheDocument();
    expect(toastText()).toContain('Account Created!');
    expect(apiCalls('POST /api/auth/verify-code').at(-1)?.body).toEqual({ phoneNumber: '(555) 123-4567', code: '123456', firstName: 'Sam' });
    expect(onSignedIn).not.toHaveBeenCalled();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user, true), { timeout: SUCCESS_HANDOFF_MS + 1000 });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('welcomes back an existing account after about 1.5 s', async () => {
    const user = makeUser();
    mockApi('POST /api/auth/send-code', { success: true, message: 'ok' });
    mockApi('POST /api/auth/verify-code', { success: true, message: 'Signed in', isNewUser: false, user });
    const { onSignedIn } = renderLogin();
    await userEvent.type(screen.getByLabelText('Phone number'), '5551234567');
    await userEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    await userEvent.type(await screen.findByLabelText('6-digit code'), '654321');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome Back!' })).toBeInTheDocument();
    expect(toastText()).toContain('Login Successful!');
    act(() => vi.advanceTimersByTime(SUCCESS_HANDOFF_MS - 100));
    expect(onSignedIn).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(onSignedIn).toHaveBeenCalledWith(user, false);
  });

  it('shows the server message when a send or a check fails, and "Change Number" goes back', async () => {
    mockApi('POST /api/auth/send-code', { code: 'AUTH.TOO_MANY_CODES', message: 'Please wait 30 seconds before asking for another code.' }, 429);
    renderLogin();
    await userEvent.type(screen.getByLabelText('Phone number'), '5551234567');
    await userEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    await waitFor(() => expect(toastText()).toContain('Failed to Send Code'));
    expect(toastText()).toContain('Please wait 30 seconds before asking for another code.');

    mockApi('POST /api/auth/send-code', { success: true, message: 'ok' });
    mockApi('POST /api/auth/verify-code', { code: 'AUTH.INVALID_CODE', message: 'Invalid verification code' }, 400);
    await userEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    await userEvent.type(await screen.findByLabelText('6-digit code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    await waitFor(() => expect(toastText()).toContain('Verification Failed'));
    expect(toastText()).toContain('Invalid verification code');
    await userEvent.click(screen.getByRole('button', { name: 'Change Number' }));
    expect(screen.getByLabelText('Phone number')).toHaveValue('(555) 123-4567');
  });

  it('words a network failure as "Error"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText('Phone number'), '5551234567');
    await userEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    await waitFor(() => expect(toastText()).toContain('Failed to send verification code'));
    expect(screen.getByTestId('toast')).toHaveTextContent(/^Error/);
  });
});
