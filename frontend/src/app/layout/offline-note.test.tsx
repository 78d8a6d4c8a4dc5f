import { screen } from '@testing-library/react';
import { renderWithApp } from '../../testing/render';
import { OfflineNote } from './offline-note';

describe('OfflineNote', () => {
  // jsdom's navigator is always online: this instance says otherwise until the test ends.
  beforeEach(() => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false }));
  afterEach(() => Reflect.deleteProperty(navigator, 'onLine'));

  it('offline on the feed, says the feed shown is the last one kept', () => {
    renderWithApp(<OfflineNote />, { path: '/' });
    expect(screen.getByRole('status')).toHaveTextContent("You're offline: showing the last feed Curbside loaded.");
  });

  it('offline on another screen, does not speak of a feed it does not show', () => {
    renderWithApp(<OfflineNote />, { path: '/profile' });
    expect(screen.getByRole('status')).toHaveTextContent("You're offline: this needs the network, try again when you're back.");
  });
});
