import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { makeItem, makeUser } from '../../../testing/factories';
import { removeGeolocation, stubGeolocation } from '../../../testing/geolocation';
import { renderWithApp } from '../../../testing/render';
import PostSheet from './post-sheet';

/** An XHR that reports progress and answers like POST /api/upload. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  responseType = '';
  withCredentials = false;
  open = vi.fn();
  setRequestHeader = vi.fn();
  send = vi.fn(() => {
    FakeXhr.last = this;
  });
  respond(status: number, body: unknown) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const PHOTO_URL = '/api/media/photos/0b6c9a52-4a0c-4b8e-9d61-3f2a8c1e7d10.webp';

/** Picks a photo in the sheet and answers its upload. */
async function uploadPhoto() {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  await userEvent.upload(screen.getByTestId('photo-input'), new File(['x'], 'shelf.jpg', { type: 'image/jpeg' }));
  expect(screen.getByText('Uploading... 0%')).toBeInTheDocument();
  FakeXhr.last?.respond(200, { imageUrl: PHOTO_URL, url: PHOTO_URL, thumbnailUrl: '/t.webp' });
  expect(await screen.findByText('Photo uploaded')).toBeInTheDocument();
}

describe('PostSheet', () => {
  afterEach(removeGeolocation);

  it('is disabled with "Location Required - Please Enable GPS" while the position is unknown', async () => {
    stubGeolocation({ error: 'User denied Geolocation' });
    renderWithApp(<PostSheet onClose={() => undefined} />, { user: makeUser() });
    expect(await screen.findByRole('button', { name: 'Location Required - Please Enable GPS' })).toBeDisabled();
    expect(screen.getByTestId('location-status')).toHaveTextContent('User denied Geolocation');
  });

  it('uses the scout texts in scout mode', async () => {
    stubGeolocation({ lat: 40.7, lng: -73.9 });
    renderWithApp(<PostSheet onClose={() => undefined} />, { user: makeUser({ scoutMode: true, isVerified: true }) });
    expect(screen.getByRole('heading', { name: 'Post Curbside Find' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Scout Find (+25 points)' })).toBeEnabled();
    await userEvent.type(screen.getByLabelText('Title'), 'Lamp');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Household');
    await userEvent.click(screen.getByRole('button', { name: 'Scout Find (+25 points)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Photo required');
  });

  it('names the points the member’s plan earns, rounded down', async () => {
    stubGeolocation({ lat: 40.7, lng: -73.9 });
    const { unmount } = renderWithApp(<PostSheet onClose={() => undefined} />, { user: makeUser({ subscriptionTier: 'pro' }) });
    expect(await screen.findByRole('button', { name: 'Post Item (+20 points)' })).toBeInTheDocument();
    unmount();
    renderWithApp(<PostSheet onClose={() => undefined} />, { user: makeUser({ subscriptionTier: 'premium', scoutMode: true, isVerified: true }) });
    expect(await screen.findByRole('button', { name: 'Scout Find (+37 points)' })).toBeInTheDocument();
  });

  it('needs a title', async () => {
    stubGeolocation({ lat: 40.7, lng: -73.9 });
    renderWithApp(<PostSheet onClose={() => undefined} />, { user: makeUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Post Item (+10 points)' }));
    expect(screen.getAllByText('Please enter a title for your item.').length).toBeGreaterThan(0);
    expect(screen.getByText('Title required')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveFocus();
  });

  it('refuses photos over 5 MB', async () => {
    stubGeolocation({ lat: 40.7, lng: -73.9 });
    renderWithApp(<PostSheet onClose={() => undefined} />, { user: makeUser() });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByTestId('photo-input'), big);
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('File too large');
    expect(toast).toHaveTextContent('Please select an image smaller than 5MB.');
  });

  it('refuses a reward over $100 with the contract’s message, before any call', async () => {
    stubGeolocation({ lat: 40.7, lng: -73.9 });
    renderWithApp(<PostSheet onClose={() => undefined} />, { user: makeUser({ isVerified: true }) });
    await userEvent.type(screen.getByLabelText('Title'), 'Sofa');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Furniture');
    await userEvent.click(screen.getByLabelText('Pay a reward for pickup'));
    const reward = screen.getByLabelText('Reward ($)');
    expect(reward).toHaveAttribute('max', '100');
    await userEvent.clear(reward);
    await userEvent.type(reward, '150');
    await userEvent.click(await screen.findByRole('button', { name: 'Post Item (+10 points)' }));
    expect(screen.getByText('Reward must be between $1 and $100')).toBeInTheDocument();
    expect(reward).toHaveAttribute('aria-invalid', 'true');
    expect(reward).toHaveFocus();
    expect(apiCalls()).toEqual([]);
  });

  it('uploads the photo, then asks terms, then shows similar items before posting', async () => {
    stubGeolocation({ lat: 40.7, lng: -73.9 });
    const user = makeUser();
    const similar = makeItem({ title: 'Oak bookshelf' });
    mockApi('GET /api/items/similar', [similar]);
    mockApi('POST /api/items', makeItem());
    const onClose = vi.fn();
    renderWithApp(<PostSheet onClose={onClose} />, { user });

    await uploadPhoto();

    await userEvent.type(screen.getByLabelText('Title'), 'Oak bookshelf');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Furniture');
    await userEvent.click(screen.getByRole('button', { name: 'Post Item (+10 points)' }));

    expect(await screen.findByRole('heading', { name: 'Posting Safety Terms' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept & Continue' }));
    expect(screen.getByText('Please acknowledge all safety terms before proceeding.')).toBeInTheDocument();
    for (const box of screen.getAllByRole('checkbox')) await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Accept & Continue' }));

    expect(await screen.findByRole('heading', { name: 'Similar Items Found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Still There?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Post Anyway' }));

    expect(await screen.findByText('Item Posted!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(apiCalls('POST /api/items')[0]?.body).toMatchObject({
      title: 'Oak bookshelf',
      category: 'Furniture',
      imageUrl: PHOTO_URL,
      scoutFind: false,
      pricingType: 'free',
      location: { lat: 40.7, lng: -73.9 },
      timeLimit: 24,
      posterId: user.id,
    });
  });

  it('empties the photo the server no longer keeps, so the member adds it again', async () => {
    stubGeolocation({ lat: 40.7, lng: -73.9 });
    const message = 'That photo is no longer kept: a photo waits a day for its post. Add the photo again.';
    mockApi('GET /api/items/similar', []);
    mockApi('POST /api/items', { code: 'ITEM.PHOTO_NOT_KEPT', message }, 409);
    const onClose = vi.fn();
    renderWithApp(<PostSheet onClose={onClose} />, { user: makeUser() });
    await uploadPhoto();
    await userEvent.type(screen.getByLabelText('Title'), 'Oak bookshelf');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Furniture');
    await userEvent.click(screen.getByRole('button', { name: 'Post Item (+10 points)' }));
    for (const box of await screen.findAllByRole('checkbox')) await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Accept & Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText('Photo uploaded')).not.toBeInTheDocument();
    expect(screen.getByTestId('photo-input')).toBeInTheDocument();
    // The empty picker takes the focus, so it comes into view where the member adds the photo again.
    expect(screen.getByRole('button', { name: 'Add a photo (max 5 MB)' })).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
    // What was typed stays; the next post goes without the photo unless one is added.
    expect(screen.getByLabelText('Title')).toHaveValue('Oak bookshelf');
    await userEvent.click(screen.getByRole('button', { name: 'Post Item (+10 points)' }));
    await vi.waitFor(() => expect(apiCalls('POST /api/items')).toHaveLength(2));
    expect(apiCalls('POST /api/items')[1]?.body).toMatchObject({ imageUrl: null });
  });

  it('switches to garage sale mode with its own button and validation', async () => {
    stubGeolocation({ lat: 40.7, lng: -73.9 });
    renderWithApp(<PostSheet onClose={() => undefined} />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Garage Sale' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create Garage Sale' }));
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Full address is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveFocus();
    // After a refused submit, a message follows what is typed.
    await userEvent.type(screen.getByLabelText('Title'), 'Moving sale');
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
    expect(screen.getByText('Full address is required')).toBeInTheDocument();
  });
});
