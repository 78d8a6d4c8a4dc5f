import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { OtherDevicesDialog } from './other-devices-dialog';

const member = makeUser({ username: 'Rosa' });

describe('other devices dialog', () => {
  it('asks first, then signs the other devices out and says how many in a toast', async () => {
    mockApi('POST /api/auth/logout-others', { ended: 1, message: 'Signed out of 1 other device' });
    const onClose = vi.fn();
    renderWithApp(<OtherDevicesDialog open onClose={onClose} />, { user: member });
    const dialog = await screen.findByRole('dialog', { name: 'Sign out other devices?' });
    expect(within(dialog).getByText(/This device stays signed in/)).toBeInTheDocument();
    expect(apiCalls('POST /api/auth/logout-others')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out others' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(apiCalls('POST /api/auth/logout-others')).toHaveLength(1);
    expect(screen.getByTestId('toast')).toHaveTextContent('Signed out of 1 other device');
  });

  it('closes without a call on Cancel', async () => {
    const onClose = vi.fn();
    renderWithApp(<OtherDevicesDialog open onClose={onClose} />, { user: member });
    const dialog = await screen.findByRole('dialog', { name: 'Sign out other devices?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(apiCalls('POST /api/auth/logout-others')).toHaveLength(0);
  });
});
