import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { EmergencyContactDialog } from './emergency-contact-dialog';

const member = makeUser({ username: 'Rosa' });
const path = `/api/users/${member.id}/emergency-contact`;

describe('emergency contact dialog', () => {
  it('saves a name and phone, refusing a number it cannot read before asking the server', async () => {
    mockApi(`GET ${path}`, { emergencyContact: null });
    mockApi(`PUT ${path}`, { emergencyContact: { name: 'Robin Ortega', phone: '+15145550177' } });
    const onClose = vi.fn();
    renderWithApp(<EmergencyContactDialog open onClose={onClose} userId={member.id} />, { user: member });
    const dialog = await screen.findByRole('dialog', { name: 'Emergency contact' });
    await userEvent.type(await within(dialog).findByLabelText('Contact name'), 'Robin Ortega');
    await userEvent.type(within(dialog).getByLabelText('Contact phone'), '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a valid 10-digit phone number')).toBeInTheDocument();
    expect(apiCalls(`PUT ${path}`)).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('Contact phone'));
    await userEvent.type(within(dialog).getByLabelText('Contact phone'), '(514) 555-0177');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(apiCalls(`PUT ${path}`)[0].body).toEqual({ emergencyContact: { name: 'Robin Ortega', phone: '+15145550177' } });
    expect(screen.getByTestId('toast')).toHaveTextContent('Emergency contact saved');
  });

  it('shows the saved contact and removes it', async () => {
    mockApi(`GET ${path}`, { emergencyContact: { name: 'Robin Ortega', phone: '+15145550177' } });
    mockApi(`PUT ${path}`, { emergencyContact: null });
    renderWithApp(<EmergencyContactDialog open onClose={() => undefined} userId={member.id} />, { user: member });
    const dialog = await screen.findByRole('dialog', { name: 'Emergency contact' });
    await waitFor(() => expect(within(dialog).getByLabelText('Contact name')).toHaveValue('Robin Ortega'));
    expect(within(dialog).getByLabelText('Contact phone')).toHaveValue('+15145550177');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(apiCalls(`PUT ${path}`)[0]?.body).toEqual({ emergencyContact: null }));
    expect(await screen.findByText('Emergency contact removed')).toBeInTheDocument();
  });
});
