import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InstallOffer } from '../../../app/layout/install-offer';
import { captureInstallPrompt, resetInstallPrompt } from '../../../lib/install-prompt';
import { mockApi } from '../../../testing/api-mock';
import { makeItem, makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { useClaimItem } from './claim-item';

function ClaimButton({ itemId, userId }: { itemId: string; userId: string }) {
  const claim = useClaimItem();
  return (
    <button type="button" onClick={() => claim.mutate({ itemId, userId })}>
      Claim it
    </button>
  );
}

describe('a claim and the install offer', () => {
  const target = new EventTarget() as Window;
  beforeAll(() => captureInstallPrompt(target));
  beforeEach(() => {
    resetInstallPrompt();
    localStorage.clear();
  });

  it('offers to install once the first claim went through, not before', async () => {
    const user = makeUser();
    const item = makeItem();
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(),
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    act(() => void target.dispatchEvent(event));
    mockApi(`PATCH /api/items/${item.id}/claim`, { success: true, message: 'Claimed', item: { ...item, status: 'claimed' } });
    renderWithApp(
      <>
        <InstallOffer />
        <ClaimButton itemId={item.id} userId={user.id} />
      </>,
      { user },
    );
    expect(screen.queryByRole('region', { name: 'Install Curbside' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Claim it' }));
    expect(await screen.findByRole('region', { name: 'Install Curbside' })).toBeInTheDocument();
  });
});
