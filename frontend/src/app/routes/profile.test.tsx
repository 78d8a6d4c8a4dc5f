import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi } from '../../testing/api-mock';
import { makeItem, makeUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import ProfileRoute from './profile';

function setUp(overrides: Parameters<typeof makeUser>[0] = {}) {
  localStorage.setItem('onboardingCompleted', 'true');
  const user = makeUser({ username: 'CurbFan', points: 1, rank: 'Newbie', ...overrides });
  localStorage.setItem('userId', user.id);
  mockApi('GET /api/users/:id/items', [
    makeItem({ posterId: user.id, voteCount: 2 }),
    makeItem({ posterId: user.id, isScoutFind: true, voteCount: 1 }),
    makeItem({ posterId: 'someone-else', voteCount: 7 }),
  ]);
  mockApi('GET /api/users/:userId/perks', []);
  mockApi('GET /api/users/:id/impact', { given: NONE, pickedUp: NONE, totals: NONE });
  mockApi('GET /api/users/:id/admin-status', { isAdmin: false, isModerator: false });
  return user;
}

const NONE = { pickups: 0, kg: 0, co2eKg: 0 };

describe('Profile', () => {
  it('lists unused perks with Use; a Spotlight Post asks which available post, then shows until when it runs', async () => {
    const user = setUp();
    const lamp = makeItem({ posterId: user.id, title: 'Brass lamp' });
    mockApi('GET /api/users/:id/items', [lamp, makeItem({ posterId: user.id, title: 'Taken chair', status: 'claimed' })]);
    const spotlight = {
      redemptionId: '00000000-0000-4000-8000-00000000aaaa',
      perk: 'spotlight',
      name: 'Spotlight Post',
      redeemedAt: new Date().toISOString(),
      usedAt: null,
      itemId: null,
      activeUntil: null,
    };
    mockApi('GET /api/users/:userId/perks', [spotlight]);
    mockApi('POST /api/users/:userId/perks/:redemptionId/use', () => {
      const activeUntil = new Date(Date.now() + 24 * 3600_000).toISOString();
      mockApi('GET /api/users/:userId/perks', [{ ...spotlight, usedAt: new Date().toISOString(), itemId: lamp.id, activeUntil }]);
      return { body: { success: true, message: 'Your post is in the spotlight for 24 hours: first in nearby feeds and on the map.', perk: spotlight } };
    });
    renderWithApp(<ProfileRoute />, { user });
    await userEvent.click(await screen.findByRole('button', { name: 'Use Spotlight Post' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose a post to spotlight' });
    expect(within(picker).queryByText('Taken chair')).not.toBeInTheDocument();
    await userEvent.click(within(picker).getByRole('button', { name: 'Spotlight Brass lamp' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Your post is in the spotlight for 24 hours');
    expect(apiCalls(`POST /api/users/${user.id}/perks/${spotlight.redemptionId}/use`)[0].body).toEqual({ itemId: lamp.id });
    expect(await screen.findByText(/In the spotlight until/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use Spotlight Post' })).not.toBeInTheDocument();
  });

  it('says how many kilograms the member kept out of landfill, given and picked up, and links to the area', async () => {
    const user = setUp();
    mockApi('GET /api/users/:id/impact', {
      given: { pickups: 1, kg: 20, co2eKg: 10.2 },
      pickedUp: { pickups: 3, kg: 5, co2eKg: 2.55 },
      totals: { pickups: 4, kg: 25, co2eKg: 12.75 },
    });
    renderWithApp(<ProfileRoute />, { user });
    expect(await screen.findByRole('heading', { name: 'You kept 25 kg out of landfill' })).toBeInTheDocument();
    expect(screen.getByText('1 item given (20 kg) · 3 items picked up (5 kg) · about 12.8 kg CO₂e saved (estimates)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your area’s impact and fairness' })).toHaveAttribute('href', '/impact');
  });

  it('says nothing is kept yet before any verified pickup', async () => {
    renderWithApp(<ProfileRoute />, { user: setUp() });
    expect(await screen.findByRole('heading', { name: 'Nothing kept out of landfill yet' })).toBeInTheDocument();
  });

  it('frames the picture in gold once the Profile Frame is used', () => {
    const user = setUp({ profileFrame: true });
    renderWithApp(<ProfileRoute />, { user });
    expect(screen.getByTestId('profile-frame')).toHaveClass('ring-amber-400');
  });

  it('shows the name, rank, points, stats, plan and the settings list', async () => {
    const user = setUp();
    renderWithApp(<ProfileRoute />, { user });
    expect(screen.getByRole('heading', { name: 'CurbFan', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Newbie')).toBeInTheDocument();
    expect(screen.getByTestId('profile-points')).toHaveTextContent('1 point');
    const stats = screen.getByRole('region', { name: 'Stats' });
    await waitFor(() => expect(within(stats).getByText('Items Posted').previousSibling).toHaveTextContent('2'));
    expect(within(stats).getByText('Scout Finds').previousSibling).toHaveTextContent('1');
    expect(within(stats).getByText('Votes Received').previousSibling).toHaveTextContent('3');
    expect(screen.getByRole('heading', { name: 'Free Plan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
    const settings = screen.getByRole('navigation', { name: 'Settings' });
    for (const name of ['Notifications', 'App Tutorial', 'Terms & Safety', 'Start Fresh', 'Account Verification']) {
      expect(within(settings).getByRole('button', { name: new RegExp(name) })).toBeInTheDocument();
    }
  });

  it('shows pending post points apart from the points, named as pending (docs/product-rules.md, "Points")', () => {
    const user = setUp({ points: 0, pendingPoints: 25 });
    renderWithApp(<ProfileRoute />, { user });
    expect(screen.getByTestId('profile-points')).toHaveTextContent('0 points');
    expect(screen.getByTestId('profile-pending-points')).toHaveTextContent(
      '+25 pending: final when the item is picked up or confirmed still there (never in its first hour), or after 6 hours',
    );
  });

  it('shows a tier badge for paid plans only', () => {
    const user = setUp({ subscriptionTier: 'pro' });
    const { unmount } = renderWithApp(<ProfileRoute />, { user });
    expect(screen.getByTestId('tier-badge')).toHaveTextContent('Pro');
    expect(screen.getByRole('button', { name: 'Change Plan' })).toBeInTheDocument();
    unmount();
    renderWithApp(<ProfileRoute />, { user: { ...user, subscriptionTier: 'free' } });
    expect(screen.queryByTestId('tier-badge')).not.toBeInTheDocument();
  });

  it('asks to complete onboarding first', () => {
    mockApi('GET /api/users/:id/admin-status', { isAdmin: false, isModerator: false });
    renderWithApp(<ProfileRoute />, { user: makeUser() });
    expect(screen.getByRole('heading', { name: 'Please complete onboarding first' })).toBeInTheDocument();
  });

  it('says "Failed to load profile" with a Retry when there is no user', async () => {
    localStorage.setItem('onboardingCompleted', 'true');
    const reload = vi.fn();
    renderWithApp(<ProfileRoute reload={reload} />, { user: null });
    expect(screen.getByRole('heading', { name: 'Failed to load profile' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalled();
  });

  it('saves notification settings: the radius slider, the switches, garage sales and SMS locked on the free plan (they open the plans)', async () => {
    const user = setUp({ subscriptionTier: 'free' });
    mockApi('PATCH /api/users/:id/notification-preferences', ({ body }: { body: object }) => ({ body: { ...body } }));
    renderWithApp(<ProfileRoute />, { user });
    await userEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Notification Settings' });
    const slider = within(dialog).getByRole('slider', { name: 'Notification radius' });
    expect(slider).toHaveAttribute('min', '0.5');
    expect(slider).toHaveAttribute('max', '10');
    expect(slider).toHaveAttribute('step', '0.5');
    fireEvent.change(slider, { target: { value: '7.5' } });
    expect(within(dialog).getByText('7.5 miles')).toBeInTheDocument();
    // Garage sale alerts are not on the free plan: the switch stays reachable and opens the plans, Premium suggested.
    const garage = within(dialog).getByRole('switch', { name: /Garage sale alerts \(Premium and up\)/ });
    expect(garage).toBeEnabled();
    expect(within(dialog).getByText('Garage sale alerts are available on the Premium and Pro plans')).toBeInTheDocument();
    await userEvent.click(garage);
    const garagePlans = await screen.findByRole('dialog', { name: 'Choose Your Plan' });
    expect(within(garagePlans).getByText('Garage sale alerts are available on the Premium and Pro plans.')).toBeInTheDocument();
    expect(garage).not.toBeChecked();
    await userEvent.click(within(garagePlans).getByRole('button', { name: 'Close' }));
    expect(garage).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('switch', { name: /Voting alerts/ }));
    // SMS is not on the free plan: its switch says so and opens the plans instead of turning on.
    expect(within(dialog).getByText('Text alerts come with the Basic plan and up.')).toBeInTheDocument();
    // The push switch's promise, and above the alert switches the same timing for the app.
    expect(within(dialog).getByText(/^Item alerts 15 minutes after the post; holds, pickups and messages at once/)).toBeInTheDocument();
    expect(within(dialog).getByText('Item alerts 15 minutes after the post, in the app as everywhere else; everything else at once.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('switch', { name: /SMS notifications \(Basic and up\)/ }));
    const plans = await screen.findByRole('dialog', { name: 'Choose Your Plan' });
    expect(within(plans).getByText('Text alerts come with the Basic plan and up.')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(dialog).getByRole('switch', { name: /^Quiet hours/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Preferences' }));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Preferences Updated');
    expect(screen.getByTestId('toast')).toHaveTextContent('Your notification preferences have been saved.');
    expect(apiCalls('PATCH /api/users/' + user.id + '/notification-preferences')[0]?.body).toEqual({
      enableNewItemAlerts: true,
      enableScoutFindAlerts: true,
      enableFirstDibsAlerts: true,
      enablePickupRequestAlerts: true,
      enableRankingAlerts: true,
      enableVotingAlerts: true,
      enablePostExpirationAlerts: true,
      enableGarageSaleAlerts: false,
      enablePushNotifications: true,
      enableEmailNotifications: false,
      enableSmsNotifications: false,
      notificationRadius: '7.5',
      quietHours: 'off',
    });
  });

  it('takes an address for alert e-mails and says a confirmation link went to it', async () => {
    const user = setUp({ subscriptionTier: 'basic' });
    mockApi('PUT /api/users/:id/email', ({ body }: { body: { email: string } }) => ({
      status: 202,
      body: { address: body.email.toLowerCase(), confirmed: false },
    }));
    renderWithApp(<ProfileRoute />, { user });
    await userEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Notification Settings' });
    expect(within(dialog).getByText(/^Each alert to your confirmed address\. Item alerts 5 minutes after the post/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('switch', { name: /E-mail notifications/ }));
    await userEvent.type(within(dialog).getByLabelText('E-mail address for alerts'), 'Rosa@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/We sent a confirmation link to rosa@example\.org/)).toBeInTheDocument();
    expect(apiCalls('PUT /api/users/' + user.id + '/email')[0]?.body).toEqual({ email: 'Rosa@example.org' });
  });

  it('marks an address the server refuses as invalid, with its message, until it is changed', async () => {
    const user = setUp({ subscriptionTier: 'basic' });
    mockApi('PUT /api/users/:id/email', { code: 'COMMON.VALIDATION_FAILED', message: 'Please enter a valid e-mail address' }, 400);
    renderWithApp(<ProfileRoute />, { user });
    await userEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Notification Settings' });
    await userEvent.click(within(dialog).getByRole('switch', { name: /E-mail notifications/ }));
    const field = within(dialog).getByLabelText('E-mail address for alerts');
    await userEvent.type(field, 'rosa@example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription('Please enter a valid e-mail address');
    await userEvent.type(field, '.org');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).toHaveAccessibleDescription('Add an address, then open the link we mail to it.');
  });

  it('lets Premium members turn garage sale alerts on, and says "Update Failed" when saving fails', async () => {
    const user = setUp({ subscriptionTier: 'premium' });
    mockApi(
      'PATCH /api/users/:id/notification-preferences',
      { code: 'COMMON.VALIDATION_FAILED', message: 'Notification radius must be between 0.5 and 10 miles, in steps of 0.5' },
      400,
    );
    renderWithApp(<ProfileRoute />, { user });
    await userEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Notification Settings' });
    const garage = within(dialog).getByRole('switch', { name: /Garage sale alerts/ });
    expect(garage).toBeEnabled();
    await userEvent.click(garage);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Preferences' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Update Failed');
    expect(toast).toHaveTextContent('Notification radius must be between 0.5 and 10 miles');
    expect(screen.getByRole('dialog', { name: 'Notification Settings' })).toBeInTheDocument();
  });

  it('records a chosen plan, with four plans priced and Premium the most popular', async () => {
    const user = setUp();
    mockApi('PATCH /api/users/:id/subscription', { ...user, subscriptionTier: 'premium' });
    renderWithApp(<ProfileRoute />, { user });
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose Your Plan' });
    for (const price of ['$0', '$4.99', '$9.99', '$14.99']) expect(within(dialog).getByText(price)).toBeInTheDocument();
    expect(within(dialog).getByText('Most Popular')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Choose Premium' }));
    expect(await screen.findByRole('dialog', { name: "You're on Premium" })).toBeInTheDocument();
    expect(apiCalls(`PATCH /api/users/${user.id}/subscription`).map((c) => c.body)).toEqual([{ tier: 'premium' }]);
  });

  it('shows the Terms of Use & Safety Disclaimer in eight sections', async () => {
    const user = setUp();
    renderWithApp(<ProfileRoute />, { user });
    await userEvent.click(screen.getByRole('button', { name: /Terms & Safety/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms of Use & Safety Disclaimer' });
    expect(within(dialog).getAllByRole('heading', { level: 3 })).toHaveLength(8);
  });

  it('Start Fresh ends the session, forgets the user, onboarding, location, terms and tutorial, and reloads', async () => {
    const user = setUp();
    localStorage.setItem('locationPermitted', 'true');
    localStorage.setItem('acceptedSafetyTerms', '["posting","scout"]');
    localStorage.setItem('tutorialCompleted', 'true');
    localStorage.setItem('tutorialDismissed', 'true');
    mockApi('POST /api/auth/logout', { success: true, message: 'Signed out' });
    const reload = vi.fn();
    renderWithApp(<ProfileRoute reload={reload} />, { user });
    await userEvent.click(screen.getByRole('button', { name: /Start Fresh/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Fresh?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start Fresh' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(apiCalls('POST /api/auth/logout')).toHaveLength(1);
    expect(localStorage.getItem('userId')).toBeNull();
    expect(localStorage.getItem('onboardingCompleted')).toBeNull();
    expect(localStorage.getItem('locationPermitted')).toBeNull();
    for (const key of ['acceptedSafetyTerms', 'tutorialCompleted', 'tutorialDismissed']) expect(localStorage.getItem(key)).toBeNull();
  });

  it('refuses a picture that is not an image or is over 2 MB, and uploads a good one', async () => {
    const user = setUp();
    mockApi('POST /api/users/:id/profile-picture', { profilePicture: '/api/media/avatars/me.webp' });
    renderWithApp(<ProfileRoute />, { user });
    await userEvent.click(screen.getByRole('button', { name: 'Change profile picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Profile Picture' });
    const input = within(dialog).getByTestId('avatar-input');

    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByTestId('toast')).toHaveTextContent('Invalid file type');
    expect(screen.getByTestId('toast')).toHaveTextContent('Please select an image file.');

    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [big] } });
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('File too large'));
    expect(screen.getByTestId('toast')).toHaveTextContent('Please select an image smaller than 2MB.');
    expect(apiCalls(`POST /api/users/${user.id}/profile-picture`)).toHaveLength(0);

    fireEvent.change(input, { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Profile picture updated'));
    expect(apiCalls(`POST /api/users/${user.id}/profile-picture`)).toHaveLength(1);
  });

  it('says "Upload failed" when the upload is refused, and "Permission required" when the camera is', async () => {
    const user = setUp();
    mockApi('POST /api/users/:id/profile-picture', { code: 'UPLOAD.NOT_AN_IMAGE', message: 'Please select an image file.' }, 400);
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn().mockRejectedValue(new Error('NotAllowedError')) } });
    renderWithApp(<ProfileRoute />, { user });
    await userEvent.click(screen.getByRole('button', { name: 'Change profile picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Profile Picture' });
    fireEvent.change(within(dialog).getByTestId('avatar-input'), { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Upload failed'));
    expect(screen.getByTestId('toast')).toHaveTextContent('Failed to upload profile picture');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Take Photo' }));
    expect(await within(dialog).findByText('Permission required')).toBeInTheDocument();
    expect(screen.getByTestId('toast')).toHaveTextContent('Camera access denied');
  });
});
