import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi } from '../../testing/api-mock';
import { makeItem, makeUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import ActivityRoute from './activity';

describe('My Activity', () => {
  it('a failed load shows an error with Retry, never "Posted 0"; Retry loads the posts', async () => {
    const user = makeUser({ points: 30 });
    mockApi(`GET /api/users/${user.id}/items`, { code: 'COMMON.INTERNAL', message: 'Something went wrong' }, 500);
    renderWithApp(<ActivityRoute />, { user });
    expect(await screen.findByText('Your activity could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('Posted')).not.toBeInTheDocument();
    mockApi(`GET /api/users/${user.id}/items`, [makeItem({ posterId: user.id, title: 'Lamp' })]);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Lamp')).toBeInTheDocument();
    expect(screen.getByText('Points to spend')).toBeInTheDocument();
    expect(apiCalls(`GET /api/users/${user.id}/items`)).toHaveLength(2);
  });
});
