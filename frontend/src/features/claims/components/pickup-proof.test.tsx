import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../testing/api-mock';
import { makeItem, makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { PickupProof } from './pickup-proof';

describe('PickupProof', () => {
  it('shows the poster who picked the item up and the pickup photo', async () => {
    const user = makeUser();
    const item = makeItem({ posterId: user.id, status: 'claimed', claimedBy: 'Pat Q.' });
    mockApi(`GET /api/items/${item.id}/pickup`, {
      pickedUpBy: 'Pat Q.',
      pickedUpAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      photoDataUrl: 'data:image/jpeg;base64,AAAA',
    });
    renderWithApp(<PickupProof item={item} />, { user });
    await userEvent.click(screen.getByRole('button', { name: 'See pickup photo' }));
    expect(await screen.findByRole('img', { name: `${item.title}, as picked up` })).toHaveAttribute('src', 'data:image/jpeg;base64,AAAA');
    expect(screen.getByText(/Picked up by/)).toHaveTextContent('Picked up by Pat Q. 5m ago');
  });

  it('is not offered to anyone but the poster', () => {
    renderWithApp(<PickupProof item={makeItem({ status: 'claimed' })} />, { user: makeUser() });
    expect(screen.queryByTestId('pickup-proof')).not.toBeInTheDocument();
  });
});
