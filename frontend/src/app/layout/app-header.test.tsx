import { screen } from '@testing-library/react';
import { mockApi } from '../../testing/api-mock';
import { makeUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { AppHeader, unreadLabel } from './app-header';

describe('AppHeader', () => {
  it('shows "9+" above nine unread notifications', async () => {
    const user = makeUser();
    mockApi(`GET /api/notifications/${user.id}/count`, { count: 12 });
    renderWithApp(<AppHeader />, { user });
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('9+');
    expect(unreadLabel(9)).toBe('9');
  });

  it('hides the bell without a user and shows a generic profile icon', () => {
    renderWithApp(<AppHeader />, { user: null });
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
  });
});
