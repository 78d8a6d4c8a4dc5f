import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeItem, makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { DirectionsLink, directionsUrl } from './directions-link';
import { ShareButton } from './share-button';

function stubNavigator(name: 'share' | 'canShare' | 'clipboard', value: unknown) {
  const had = Object.getOwnPropertyDescriptor(navigator, name);
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
  return () => (had ? Object.defineProperty(navigator, name, had) : delete (navigator as unknown as Record<string, unknown>)[name]);
}

describe('ShareButton', () => {
  const restores: (() => unknown)[] = [];
  afterEach(() => restores.splice(0).forEach((restore) => restore()));

  it("hands the item's page to the system share sheet where there is one", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn();
    restores.push(stubNavigator('share', share), stubNavigator('canShare', undefined), stubNavigator('clipboard', { writeText }));
    const item = makeItem();
    renderWithApp(<ShareButton item={item} />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Share Oak bookshelf' }));
    expect(share).toHaveBeenCalledWith({ title: 'Oak bookshelf', text: 'Oak bookshelf on Curbside', url: `${window.location.origin}/items/${item.id}` });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('says nothing when the share sheet is closed', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    const writeText = vi.fn();
    restores.push(stubNavigator('share', share), stubNavigator('clipboard', { writeText }));
    renderWithApp(<ShareButton item={makeItem()} />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: /Share/ }));
    expect(share).toHaveBeenCalled();
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('copies the link and says so without the Web Share API', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    restores.push(stubNavigator('share', undefined), stubNavigator('clipboard', { writeText }));
    const item = makeItem();
    renderWithApp(<ShareButton item={item} />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: /Share/ }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/items/${item.id}`);
    expect(await screen.findByTestId('toast')).toHaveTextContent('Link copied');
  });

  it('shows the link to copy by hand when the clipboard is refused', async () => {
    restores.push(stubNavigator('share', undefined), stubNavigator('clipboard', { writeText: vi.fn().mockRejectedValue(new Error('denied')) }));
    const item = makeItem();
    renderWithApp(<ShareButton item={item} />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: /Share/ }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(`/items/${item.id}`);
  });
});

describe('DirectionsLink', () => {
  const exact = { exactLocation: true, latitude: '40.7128001', longitude: '-74.0060002' };

  it('gives the holder and the claimer a map link to the exact spot', () => {
    const user = makeUser();
    const held = makeItem({ ...exact, status: 'first_dibs', reservedById: user.id });
    expect(directionsUrl(held, user)).toBe('https://www.openstreetmap.org/?mlat=40.7128001&mlon=-74.0060002#map=19/40.7128001/-74.0060002');
    expect(directionsUrl(makeItem({ ...exact, status: 'claimed', claimedById: user.id }), user)).not.toBeNull();
    renderWithApp(<DirectionsLink item={held} user={user} />, { user });
    expect(screen.getByRole('link', { name: 'Directions' })).toHaveAttribute('href', expect.stringContaining('mlat=40.7128001'));
  });

  it('gives nobody else a link, nor the holder of a blurred copy', () => {
    const user = makeUser();
    expect(directionsUrl(makeItem({ ...exact }), user)).toBeNull();
    expect(directionsUrl(makeItem({ ...exact, reservedById: 'someone-else' }), user)).toBeNull();
    expect(directionsUrl(makeItem({ ...exact, reservedById: user.id }), null)).toBeNull();
    expect(directionsUrl(makeItem({ ...exact, exactLocation: false, reservedById: user.id }), user)).toBeNull();
  });
});
