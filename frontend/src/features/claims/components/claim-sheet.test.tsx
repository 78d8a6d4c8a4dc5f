import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { makeItem, makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { rememberAcceptedTerms } from '../../../lib/safety-terms';
import ClaimSheet from './claim-sheet';

// jsdom cannot decode images: the encoder is replaced by a fixed JPEG data URL.
vi.mock('../lib/encode-photo', () => ({
  encodeFile: vi.fn(async () => 'data:image/jpeg;base64,QUJD'),
  captureVideoFrame: vi.fn(() => 'data:image/jpeg;base64,QUJD'),
  stripDataUrl: (d: string) => d.slice(d.indexOf(',') + 1),
}));

const photo = () => new File(['x'], 'pickup.jpg', { type: 'image/jpeg' });

describe('ClaimSheet', () => {
  beforeEach(() => rememberAcceptedTerms('claiming'));

  it('shows the pickup safety terms first, once, and the paid pickup terms for a paid item', async () => {
    localStorage.clear();
    const onClose = vi.fn();
    const { unmount } = renderWithApp(<ClaimSheet item={makeItem()} onClose={onClose} />, { user: makeUser() });
    expect(screen.getByRole('heading', { name: 'Pickup Safety Terms' })).toBeInTheDocument();
    expect(screen.queryByText('Claiming earns you 5 points.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept & Continue' }));
    expect(screen.getByText('Please acknowledge all safety terms before proceeding.')).toBeInTheDocument();
    for (const box of screen.getAllByRole('checkbox')) await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Accept & Continue' }));
    expect(screen.getByText('Claiming earns you 5 points.')).toBeInTheDocument();
    unmount();

    renderWithApp(<ClaimSheet item={makeItem()} onClose={onClose} />, { user: makeUser() });
    expect(screen.getByText('Claiming earns you 5 points.')).toBeInTheDocument();
    unmount();
  });

  it('asks for the paid pickup terms before a paid pickup', () => {
    renderWithApp(<ClaimSheet item={makeItem({ pricingType: 'paid', customAmount: 1000 })} onClose={() => undefined} />, { user: makeUser() });
    expect(screen.getByRole('heading', { name: 'Paid Pickup Terms' })).toBeInTheDocument();
  });

  it('shows the reward estimate to verified neighbours only', () => {
    rememberAcceptedTerms('paid_pickup');
    const item = makeItem({ pricingType: 'paid', customAmount: 1000 });
    const { unmount } = renderWithApp(<ClaimSheet item={item} onClose={() => undefined} />, { user: makeUser({ isVerified: false }) });
    expect(screen.queryByText(/Your reward for this pickup/)).not.toBeInTheDocument();
    unmount();
    renderWithApp(<ClaimSheet item={item} onClose={() => undefined} />, { user: makeUser({ isVerified: true }) });
    expect(screen.getByText('Your reward for this pickup: $5')).toBeInTheDocument();
  });

  it('reserves with first dibs: the claim call without a photo', async () => {
    const user = makeUser();
    const item = makeItem();
    mockApi(`PATCH /api/items/${item.id}/claim`, {
      success: true,
      message: 'First dibs! The item is yours for 30 minutes: pick it up and claim it with a photo.',
      item: { ...item, status: 'first_dibs', reservedById: user.id },
    });
    const onClose = vi.fn();
    renderWithApp(<ClaimSheet item={item} onClose={onClose} />, { user });
    await userEvent.click(screen.getByRole('button', { name: 'Reserve with First Dibs (30 min)' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('First Dibs!');
    // The server's "First dibs!" is not said twice.
    expect(toast).toHaveTextContent(/^First Dibs!The item is yours for 30 minutes: pick it up and claim it with a photo\.$/);
    expect(apiCalls(`PATCH /api/items/${item.id}/claim`)[0]?.body).toEqual({ userId: user.id });
    expect(onClose).toHaveBeenCalled();
  });

  it('tells the holder until when the item is theirs instead of offering another reservation', () => {
    const user = makeUser();
    const item = makeItem({ status: 'first_dibs', reservedById: user.id, reservedUntil: new Date(Date.now() + 20 * 60_000).toISOString() });
    renderWithApp(<ClaimSheet item={item} onClose={() => undefined} />, { user });
    expect(screen.getByText(/You have first dibs until/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reserve with First Dibs/ })).not.toBeInTheDocument();
  });

  it('goes confirm → photo → validated → claimed, sending the bare base64', async () => {
    const user = makeUser();
    const item = makeItem();
    mockApi(`POST /api/items/${item.id}/validate-pickup`, { isValid: true, confidence: 0.91, reason: 'Looks like a bookshelf at the curb' });
    mockApi(`PATCH /api/items/${item.id}/claim`, { ...item, status: 'claimed' });
    const onClose = vi.fn();
    renderWithApp(<ClaimSheet item={item} onClose={onClose} />, { user });

    expect(screen.getByText('Claiming earns you 5 points.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('heading', { name: 'Verify Item Pickup' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Claim Item' })).toBeDisabled();

    await userEvent.upload(screen.getByLabelText('Upload verification photo'), photo());
    expect(await screen.findByTestId('validation-result')).toHaveTextContent('Confidence: 91%');
    expect(apiCalls(`POST /api/items/${item.id}/validate-pickup`)[0]?.body).toEqual({ pickupPhoto: 'QUJD' });

    await userEvent.click(screen.getByRole('button', { name: 'Claim Item' }));
    expect(await screen.findByText('Item Claimed!')).toBeInTheDocument();
    expect(apiCalls(`PATCH /api/items/${item.id}/claim`)[0]?.body).toEqual({ userId: user.id, verificationPhoto: 'QUJD' });
  });

  it('keeps Claim Item disabled for an invalid photo and shows "Validation failed" when the check errors', async () => {
    const item = makeItem();
    mockApi(`POST /api/items/${item.id}/validate-pickup`, 'down', 503);
    renderWithApp(<ClaimSheet item={item} onClose={() => undefined} />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.upload(screen.getByLabelText('Upload verification photo'), photo());
    expect(await screen.findByTestId('validation-result')).toHaveTextContent('Validation service error');
    expect(screen.getByTestId('validation-result')).toHaveTextContent('Confidence: 0%');
    expect(screen.getByRole('alert')).toHaveTextContent('Validation failed');
    expect(screen.getByRole('button', { name: 'Claim Item' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Retake Photo' }));
    expect(screen.queryByTestId('validation-result')).not.toBeInTheDocument();
  });

  it('maps a claim error and returns to the photo step', async () => {
    const item = makeItem();
    mockApi(`POST /api/items/${item.id}/validate-pickup`, { isValid: true, confidence: 0.8, reason: 'ok' });
    mockApi(`PATCH /api/items/${item.id}/claim`, { code: 'ITEM.NOT_FOUND', message: 'Item not found' }, 404);
    renderWithApp(<ClaimSheet item={item} onClose={() => undefined} />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.upload(screen.getByLabelText('Upload verification photo'), photo());
    await userEvent.click(await screen.findByRole('button', { name: 'Claim Item' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Item Unavailable');
    expect(screen.getByRole('heading', { name: 'Verify Item Pickup' })).toBeInTheDocument();
  });

  it('refuses photos over 5 MB', async () => {
    renderWithApp(<ClaimSheet item={makeItem()} onClose={() => undefined} />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Upload verification photo'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('File too large');
  });

  it('says "Camera access denied" when the camera is refused', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn().mockRejectedValue(new Error('NotAllowedError')) } });
    renderWithApp(<ClaimSheet item={makeItem()} onClose={() => undefined} />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Take Photo' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Camera access denied');
    expect(toast).toHaveTextContent('Please allow camera access to take a verification photo.');
  });
});
