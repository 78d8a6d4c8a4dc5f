import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { apiCalls, mockApi } from '../testing/api-mock';
import { makeUser } from '../testing/factories';
import { renderWithApp } from '../testing/render';
import { AccountVerificationSheet } from './account-verification-sheet';

describe('AccountVerificationSheet', () => {
  it('shows the info sheet to a verified neighbour', async () => {
    const user = makeUser({ isVerified: true, verifiedName: 'Ana Diaz', verificationDate: new Date().toISOString() });
    mockApi(`GET /api/verification/status/${user.id}`, { status: 'verified', submittedAt: null });
    const onVerified = vi.fn();
    renderWithApp(<AccountVerificationSheet open onClose={() => undefined} onVerified={onVerified} />, { user });
    expect(await screen.findByText('Your account is verified')).toBeInTheDocument();
    expect(screen.getByText('Verified as Ana Diaz')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onVerified).toHaveBeenCalled();
  });

  it('shows a pending verification with its time, and can start again', async () => {
    const user = makeUser();
    mockApi(`GET /api/verification/status/${user.id}`, { status: 'pending', submittedAt: '2026-05-01T10:00:00.000Z' });
    renderWithApp(<AccountVerificationSheet open onClose={() => undefined} />, { user });
    expect(await screen.findByText('Verification pending')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Get a New Code' }));
    expect(screen.getByLabelText('Full name')).toBeInTheDocument();
  });

  it('goes details → code → complete, with the spec messages on the way', async () => {
    const user = makeUser();
    mockApi(`GET /api/verification/status/${user.id}`, { status: 'none', submittedAt: null });
    mockApi(`POST /api/users/${user.id}/verify`, { success: true, message: 'ok' });
    let right = false;
    mockApi('POST /api/phone/verify-code', () =>
      right ? { body: { success: true, message: 'ok' } } : { status: 400, body: { message: 'Invalid verification code' } },
    );
    const onVerified = vi.fn();
    renderWithApp(<AccountVerificationSheet open onClose={() => undefined} onVerified={onVerified} />, { user });

    await userEvent.click(await screen.findByRole('button', { name: 'Send Verification Code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Full name and phone number are required');
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Full name'), 'Ana Diaz');
    await userEvent.type(screen.getByLabelText('Phone number'), '5551234567');
    await userEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(await screen.findByText(/Enter the 6-digit code we texted to/)).toHaveTextContent('(555) 123-4567');
    expect(apiCalls(`POST /api/users/${user.id}/verify`)[0]?.body).toEqual({
      name: 'Ana Diaz',
      email: '',
      phone: '(555) 123-4567',
      verificationMethod: 'phone',
    });

    await userEvent.type(screen.getByLabelText('6-digit code'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the 6-digit verification code');
    expect(screen.getByLabelText('6-digit code')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('6-digit code'), '456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getAllByText('Invalid verification code').length).toBeGreaterThan(0));
    expect(screen.getByTestId('toast')).toHaveTextContent('Verification failed');

    right = true;
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText("You're Verified!")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onVerified).toHaveBeenCalled();
  });

  it('says so when the details cannot be submitted', async () => {
    const user = makeUser();
    mockApi(`GET /api/verification/status/${user.id}`, { status: 'none', submittedAt: null });
    mockApi(`POST /api/users/${user.id}/verify`, { code: 'USER.PHONE_TAKEN', message: 'This phone number belongs to another account' }, 409);
    renderWithApp(<AccountVerificationSheet open onClose={() => undefined} />, { user });
    await userEvent.type(await screen.findByLabelText('Full name'), 'Ana Diaz');
    await userEvent.type(screen.getByLabelText('Phone number'), '5551234567');
    await userEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Failed to submit verification'));
    expect(screen.getByTestId('toast')).toHaveTextContent('This phone number belongs to another account');
  });
});
