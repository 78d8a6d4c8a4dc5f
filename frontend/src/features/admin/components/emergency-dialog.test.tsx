import { EMERGENCY_LOOKUPS_PER_UNLOCK, EmergencyMessages, type EmergencyAccessResponse, type EmergencyLogEntry } from '@curbside/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { SECRET_SEQUENCE } from '../lib/secret-sequence';
import EmergencyDialog from './emergency-dialog';
import { HiddenAdminEntry } from './hidden-admin-entry';

const admin = makeUser({ username: 'Warden' });
const target = makeUser({ username: 'Lost', verifiedPhone: null, firstName: 'Lou' });

const logEntry = (overrides: Partial<EmergencyLogEntry> = {}): EmergencyLogEntry => ({
  id: crypto.randomUUID(),
  targetUserId: target.id,
  reason: 'Missing person report',
  lawEnforcementCase: null,
  outcome: 'granted',
  timestamp: new Date().toISOString(),
  ...overrides,
});

const granted: EmergencyAccessResponse = {
  user: target,
  activity: { points: 40, earnedPoints: 40, rank: 'Newbie', scoutMode: false, badges: [] },
  settings: { locationRadius: '2', notificationRadius: '2', enableSmsNotifications: false, smsSubscribed: false },
  recentActivity: [],
  recentItems: [],
  lastPosition: null,
  emergencyContact: null,
  unavailable: [],
  auditEntryId: crypto.randomUUID(),
};

function asAdmin(logs: EmergencyLogEntry[] = []) {
  mockApi(`GET /api/users/${admin.id}/admin-status`, { isAdmin: true, isModerator: false });
  mockApi('GET /api/emergency/logs', () => ({ body: logs }));
  mockApi('POST /api/emergency/unlock', { expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() });
}

async function authenticate(password = 'correct horse battery') {
  const gate = await screen.findByRole('dialog', { name: 'Admin Authentication Required' });
  expect(within(gate).getByRole('button', { name: 'Authenticate' })).toBeDisabled();
  await userEvent.type(within(gate).getByLabelText('Admin password'), `${password}{Enter}`);
  return screen.findByRole('dialog', { name: 'Emergency Access Dashboard' });
}

describe('emergency dialog', () => {
  it('refuses members who are not administrators, and never asks for the password', async () => {
    mockApi(`GET /api/users/${admin.id}/admin-status`, { isAdmin: false, isModerator: false });
    renderWithApp(<EmergencyDialog userId={admin.id} onClose={() => undefined} />, { user: admin });
    const dialog = await screen.findByRole('dialog', { name: 'Access Denied' });
    expect(within(dialog).getByText('You do not have administrator privileges to access this feature.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Admin password')).not.toBeInTheDocument();
    expect(apiCalls('GET /api/emergency/logs')).toHaveLength(0);
  });

  it('opens the dashboard once the server accepted the password, and looks up without it; each lookup starts with an empty case number', async () => {
    asAdmin();
    mockApi('POST /api/emergency/access', granted);
    renderWithApp(<EmergencyDialog userId={admin.id} onClose={() => undefined} />, { user: admin });
    const dashboard = await authenticate();
    expect(apiCalls('POST /api/emergency/unlock')[0].body).toEqual({ adminUserId: admin.id, adminPassword: 'correct horse battery' });
    expect(within(dashboard).getByText('ADMIN MODE ACTIVE')).toBeInTheDocument();
    expect(within(dashboard).getByText('For safety emergencies only. All access is logged and audited.')).toBeInTheDocument();
    expect(await within(dashboard).findByText('No emergency access logs')).toBeInTheDocument();
    expect(screen.getByTestId('toast')).toHaveTextContent('Emergency Access Dashboard Activated');

    await userEvent.click(within(dashboard).getByRole('button', { name: 'Request Emergency Access' }));
    expect(screen.getByTestId('toast')).toHaveTextContent('Missing Information');
    expect(screen.getByTestId('toast')).toHaveTextContent('Please provide target user ID or phone number and reason');
    expect(apiCalls('POST /api/emergency/access')).toHaveLength(0);

    await userEvent.type(within(dashboard).getByLabelText('Target user ID'), target.id);
    await userEvent.type(within(dashboard).getByLabelText('Reason'), 'Family reports them missing');
    await userEvent.type(within(dashboard).getByLabelText('Law enforcement case number (optional)'), 'NYPD-2026-0412');
    await userEvent.click(within(dashboard).getByRole('button', { name: 'Request Emergency Access' }));
    const panel = await within(dashboard).findByTestId('emergency-user-panel');
    expect(within(panel).getByText('Lost')).toBeInTheDocument();
    expect(within(panel).getAllByText('Not provided').length).toBeGreaterThan(0);
    expect(within(panel).getByText('Location not available')).toBeInTheDocument();
    expect(within(panel).getAllByText('N/A').length).toBeGreaterThan(0);
    expect(screen.getByTestId('toast')).toHaveTextContent('Emergency Access Granted');
    expect(apiCalls('POST /api/emergency/access')[0].body).toEqual({
      adminUserId: admin.id,
      targetUserId: target.id,
      searchType: 'id',
      reason: 'Family reports them missing',
      lawEnforcementCase: 'NYPD-2026-0412',
    });
    expect(within(dashboard).getByLabelText('Law enforcement case number (optional)')).toHaveValue('');
    // The attempt is a new line of the log: it is read again.
    await waitFor(() => expect(apiCalls('GET /api/emergency/logs').length).toBeGreaterThan(1));
    expect(apiCalls('GET /api/emergency/logs')[0].url).toBe(`/api/emergency/logs?adminUserId=${admin.id}`);
  });

  it('shows the last reported position with its time and a map link, and the emergency contact', async () => {
    asAdmin();
    const reportedAt = '2026-11-24T16:05:00.000Z';
    mockApi('POST /api/emergency/access', {
      ...granted,
      lastPosition: { lat: 40.741112, lng: -73.989723, reportedAt },
      emergencyContact: { name: 'Robin Ortega', phone: '+15145550177' },
    });
    renderWithApp(<EmergencyDialog userId={admin.id} onClose={() => undefined} />, { user: admin });
    const dashboard = await authenticate();
    await userEvent.type(within(dashboard).getByLabelText('Target user ID'), target.id);
    await userEvent.type(within(dashboard).getByLabelText('Reason'), 'Welfare check');
    await userEvent.click(within(dashboard).getByRole('button', { name: 'Request Emergency Access' }));
    const panel = await within(dashboard).findByTestId('emergency-user-panel');
    const position = within(panel).getByTestId('emergency-last-position');
    expect(position).toHaveTextContent(`40.74111, -73.98972 · reported ${new Date(reportedAt).toLocaleString()}`);
    expect(within(position).getByRole('link', { name: 'Open map' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=40.741112&mlon=-73.989723#map=17/40.741112/-73.989723',
    );
    expect(within(panel).getByText('Robin Ortega, +15145550177')).toBeInTheDocument();
    expect(within(panel).queryByText('Location not available')).not.toBeInTheDocument();
  });

  it('keeps the gate shut on a wrong password: "Access Denied", the field cleared and focused, no log read', async () => {
    asAdmin([logEntry({ outcome: 'refused', reason: '' })]);
    mockApi('POST /api/emergency/unlock', { code: 'EMERGENCY.WRONG_PASSWORD', message: 'Invalid admin password' }, 401);
    renderWithApp(<EmergencyDialog userId={admin.id} onClose={() => undefined} />, { user: admin });
    const gate = await screen.findByRole('dialog', { name: 'Admin Authentication Required' });
    await userEvent.type(within(gate).getByLabelText('Admin password'), 'wrong one{Enter}');
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Access Denied'));
    expect(screen.getByTestId('toast')).toHaveTextContent('Invalid admin password');
    expect(within(gate).getByLabelText('Admin password')).toHaveValue('');
    expect(within(gate).getByLabelText('Admin password')).toHaveFocus();
    expect(screen.queryByRole('dialog', { name: 'Emergency Access Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByText('ADMIN MODE ACTIVE')).not.toBeInTheDocument();
    expect(apiCalls('GET /api/emergency/logs')).toHaveLength(0);
  });

  it.each([EmergencyMessages.elevationRequired, EmergencyMessages.lookupLimit(EMERGENCY_LOOKUPS_PER_UNLOCK)])(
    "goes back to the gate with the server's message when it says the elevation has ended: %s",
    async (message) => {
      asAdmin();
      mockApi('POST /api/emergency/access', { code: 'EMERGENCY.ELEVATION_REQUIRED', message }, 403);
      renderWithApp(<EmergencyDialog userId={admin.id} onClose={() => undefined} />, { user: admin });
      const dashboard = await authenticate();
      await userEvent.type(within(dashboard).getByLabelText('Target user ID'), target.id);
      await userEvent.type(within(dashboard).getByLabelText('Reason'), 'Welfare check');
      await userEvent.click(within(dashboard).getByRole('button', { name: 'Request Emergency Access' }));
      const gate = await screen.findByRole('dialog', { name: 'Admin Authentication Required' });
      expect(within(gate).getByText(message)).toBeInTheDocument();
      expect(within(gate).getByLabelText('Admin password')).toHaveValue('');
      expect(within(gate).getByLabelText('Admin password')).toHaveFocus();
    },
  );

  it('closes the dashboard 10 minutes after the unlock', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      asAdmin();
      renderWithApp(<EmergencyDialog userId={admin.id} onClose={() => undefined} />, { user: admin });
      await authenticate();
      await act(() => vi.advanceTimersByTimeAsync(9 * 60_000));
      expect(screen.getByRole('dialog', { name: 'Emergency Access Dashboard' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(60_000 + 1_000));
      const gate = await screen.findByRole('dialog', { name: 'Admin Authentication Required' });
      expect(within(gate).getByText('Emergency access ended after 10 minutes. Enter the password again to continue.')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says "Access Failed" with the server message otherwise', async () => {
    asAdmin();
    mockApi('POST /api/emergency/access', { code: 'EMERGENCY.TARGET_NOT_FOUND', message: 'No user found with that ID or phone number' }, 404);
    renderWithApp(<EmergencyDialog userId={admin.id} onClose={() => undefined} />, { user: admin });
    const dashboard = await authenticate();
    await userEvent.type(within(dashboard).getByLabelText('Target user ID'), 'nobody');
    await userEvent.type(within(dashboard).getByLabelText('Reason'), 'Welfare check');
    await userEvent.click(within(dashboard).getByRole('button', { name: 'Request Emergency Access' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Access Failed'));
    expect(screen.getByTestId('toast')).toHaveTextContent('No user found with that ID or phone number');
    expect(screen.getByRole('dialog', { name: 'Emergency Access Dashboard' })).toBeInTheDocument();
  });
});

describe('hidden admin entry', () => {
  it('opens after holding the top-left corner for 3 s, not sooner', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi(`GET /api/users/${admin.id}/admin-status`, { isAdmin: false, isModerator: false });
    renderWithApp(<HiddenAdminEntry userId={admin.id} />, { user: admin });
    const area = screen.getByTestId('hidden-admin-area');
    fireEvent.pointerDown(area);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    fireEvent.pointerUp(area);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.pointerDown(area);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByRole('dialog', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('opens when the secret sequence is typed into a search box, not into other fields', async () => {
    mockApi(`GET /api/users/${admin.id}/admin-status`, { isAdmin: false, isModerator: false });
    renderWithApp(
      <>
        <HiddenAdminEntry userId={admin.id} />
        <input aria-label="Name" />
        <input type="search" aria-label="Search items" />
      </>,
      { user: admin },
    );
    await userEvent.type(screen.getByLabelText('Name'), SECRET_SEQUENCE);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Search items'), `chair ${SECRET_SEQUENCE}`);
    expect(await screen.findByRole('dialog', { name: 'Access Denied' })).toBeInTheDocument();
  });
});
