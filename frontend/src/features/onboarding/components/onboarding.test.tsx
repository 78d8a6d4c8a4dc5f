import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { makeUser } from '../../../testing/factories';
import { removeGeolocation, stubGeolocation } from '../../../testing/geolocation';
import { StaticLocationProvider } from '../../../lib/location/location-provider';
import { SessionGate } from '../../../app/session-gate';
import { SessionProvider, useSession } from '../../../lib/session/session-provider';

function TheApp() {
  const { user } = useSession();
  return (
    <p>
      The feed for {user?.firstName}
      {user?.verifiedName ? `, verified as ${user.verifiedName}` : ''}
    </p>
  );
}

function renderFirstVisit() {
  const request = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider reload={() => undefined}>
        <StaticLocationProvider value={{ status: 'idle', position: null, request }}>
          <SessionGate>
            <TheApp />
          </SessionGate>
          <Toaster />
        </StaticLocationProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { request };
}

const toastText = () => screen.getByTestId('toast').textContent;
const next = () => userEvent.click(screen.getByRole('button', { name: /Next/ }));

async function toStep(step: 3 | 4 | 5) {
  await screen.findByRole('heading', { name: 'Welcome to Curbside!' });
  await next();
  if (step === 3) return;
  await next();
  await userEvent.click(screen.getByRole('checkbox'));
  await next();
  if (step === 4) return;
  await userEvent.click(screen.getByRole('button', { name: 'Skip location access' }));
  // The last step's form is its own chunk.
  await screen.findByLabelText('Full name');
}

describe('onboarding', () => {
  afterEach(() => removeGeolocation());

  it('walks five steps: Back from step 2 on, and the safety step needs the acknowledgement', async () => {
    renderFirstVisit();
    expect(await screen.findByRole('heading', { name: 'Welcome to Curbside!' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login with Phone Number' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Back/ })).not.toBeInTheDocument();
    await next();
    expect(screen.getByRole('heading', { name: 'How It Works' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('heading', { name: 'Welcome to Curbside!' })).toBeInTheDocument();
    await next();
    await next();
    expect(screen.getByRole('heading', { name: 'Safety & Terms' })).toBeInTheDocument();
    await next();
    expect(toastText()).toContain('Safety terms required');
    expect(toastText()).toContain('Please accept the safety guidelines to continue.');
    expect(screen.getByRole('heading', { name: 'Safety & Terms' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /I have read the safety guidelines/ }));
    await next();
    expect(screen.getByRole('heading', { name: 'Location Access' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Allow Location' })).toBeInTheDocument();
    expect(apiCalls()).toHaveLength(0);
  });

  it('moves on from the location step whether the position is granted or denied', async () => {
    stubGeolocation({ error: 'User denied Geolocation' });
    renderFirstVisit();
    await toStep(4);
    await userEvent.click(screen.getByRole('button', { name: 'Allow Location' }));
    expect(await screen.findByRole('heading', { name: 'Verify & Personalize' })).toBeInTheDocument();
    expect(toastText()).toContain('Location access denied');
  });

  it('needs the full name and phone, then makes the account, verifies the phone and opens the app', async () => {
    const user = makeUser({ firstName: 'Maya', points: 0 });
    stubGeolocation({ lat: 40.7, lng: -73.9 });
    mockApi('POST /api/users', user);
    mockApi(`POST /api/users/${user.id}/verify`, { success: true, message: 'Check your phone for the verification code' });
    mockApi('POST /api/phone/verify-code', { success: true, message: 'Your account is verified' });
    mockApi(`GET /api/users/${user.id}`, { ...user, isVerified: true, verifiedName: 'Maya Lopez' });
    localStorage.setItem('tutorialCompleted', 'true');
    const { request } = renderFirstVisit();
    await toStep(4);
    await userEvent.click(screen.getByRole('button', { name: 'Allow Location' }));
    expect(await screen.findByRole('heading', { name: 'Verify & Personalize' })).toBeInTheDocument();
    expect(toastText()).toContain('Location access granted');

    await userEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    expect(toastText()).toContain('Required fields missing');
    expect(toastText()).toContain('Please provide your full name and phone number for verification.');
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Full name'), 'Maya Lopez');
    await userEvent.type(screen.getByLabelText('Phone number'), '5551234567');
    await userEvent.click(screen.getByRole('button', { name: 'Get Started' }));

    expect(await screen.findByLabelText('6-digit code')).toBeInTheDocument();
    expect(apiCalls('POST /api/users')[0]?.body).toEqual({ locationRadius: '2', firstName: 'Maya' });
    expect(apiCalls(`POST /api/users/${user.id}/verify`)[0]?.body).toEqual({
      name: 'Maya Lopez',
      email: '',
      phone: '(555) 123-4567',
      verificationMethod: 'phone',
    });
    await userEvent.type(screen.getByLabelText('6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify & Get Started' }));

    expect(await screen.findByText('The feed for Maya, verified as Maya Lopez')).toBeInTheDocument();
    expect(localStorage.getItem('userId')).toBe(user.id);
    expect(localStorage.getItem('onboardingCompleted')).toBe('true');
    expect(localStorage.getItem('locationPermitted')).toBe('true');
    expect(localStorage.getItem('tutorialCompleted')).toBeNull();
    expect(request).toHaveBeenCalled();
    expect(window.location.pathname).toBe('/');
  });

  it('without location the account searches 10 miles, and verification can wait', async () => {
    const user = makeUser({ firstName: 'Lee', points: 0 });
    mockApi('POST /api/users', user);
    mockApi(`POST /api/users/${user.id}/verify`, { success: true, message: 'ok' });
    renderFirstVisit();
    await toStep(5);
    await userEvent.type(screen.getByLabelText('Full name'), 'Lee');
    await userEvent.type(screen.getByLabelText('Phone number'), '5559876543');
    await userEvent.click(screen.getByRole('button', { name: 'Get Started' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByText('The feed for Lee')).toBeInTheDocument();
    expect(apiCalls('POST /api/users')[0]?.body).toEqual({ locationRadius: '10', firstName: 'Lee' });
    expect(localStorage.getItem('locationPermitted')).toBeNull();
    await waitFor(() => expect(screen.queryByText('Step 1 of 11')).toBeInTheDocument(), { timeout: 5_000 });
  });
});
