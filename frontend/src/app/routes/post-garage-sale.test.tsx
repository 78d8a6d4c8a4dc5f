import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { apiCalls, mockApi } from '../../testing/api-mock';
import { makeItem, makeUser } from '../../testing/factories';
import { removeGeolocation, stubGeolocation } from '../../testing/geolocation';
import { renderWithApp } from '../../testing/render';
import PostGarageSaleRoute from './post-garage-sale';

const fill = async () => {
  await userEvent.type(screen.getByLabelText('Title'), 'Moving sale');
  await userEvent.type(screen.getByLabelText('Neighbourhood / area'), 'Chelsea');
  await userEvent.type(screen.getByLabelText('Full address'), '1 Main St');
  await userEvent.type(screen.getByLabelText('Contact information'), '555-0100');
};

describe('Post Garage Sale', () => {
  afterEach(removeGeolocation);

  it('shows the validation messages', async () => {
    renderWithApp(<PostGarageSaleRoute />, { user: makeUser() });
    await userEvent.selectOptions(screen.getByLabelText('Primary category'), '');
    await userEvent.clear(screen.getByLabelText('Listing duration (hours)'));
    await userEvent.type(screen.getByLabelText('Listing duration (hours)'), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Post Garage Sale' }));
    for (const text of [
      'Title is required',
      'Category is required',
      'Location is required',
      'Full address is required',
      'Contact information is required',
      'Maximum 7 days',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(apiCalls()).toEqual([]);
    // Focus lands on the first field the form shows as invalid, not on whichever check the schema ran first.
    expect(screen.getByLabelText('Title')).toHaveFocus();
  });

  it('after a failed submit, focus lands on the first invalid field of the form, even when a date is missing too', async () => {
    renderWithApp(<PostGarageSaleRoute />, { user: makeUser() });
    await userEvent.clear(screen.getByLabelText('Start date'));
    await userEvent.click(screen.getByRole('button', { name: 'Post Garage Sale' }));
    expect(screen.getByText('Start date is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveFocus();
  });

  it('posts the garage sale payload and returns to the feed', async () => {
    stubGeolocation({ lat: 40.75, lng: -73.99 });
    const user = makeUser();
    mockApi('POST /api/items', makeItem({ isGarageSale: true }));
    const { router } = renderWithApp(<PostGarageSaleRoute />, { user, path: '/post-garage-sale', routes: [{ path: '/', element: <p>feed</p> }] });
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Post Garage Sale' }));
    expect(await screen.findByText('Garage Sale Posted!')).toBeInTheDocument();
    expect(screen.getByText('Your garage sale has been posted successfully.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(apiCalls('POST /api/items')[0]?.body).toMatchObject({
      title: 'Moving sale',
      category: 'Other',
      latitude: '40.75',
      longitude: '-73.99',
      locationDescription: 'Chelsea',
      pricingType: 'free',
      timeLimit: 72,
      isGarageSale: true,
      garageSaleAddress: '1 Main St',
      garageSaleContactInfo: '555-0100',
    });
  });

  it('fails with an "Error" toast when the position cannot be had', async () => {
    stubGeolocation({ error: 'User denied Geolocation' });
    renderWithApp(<PostGarageSaleRoute />, { user: makeUser() });
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Post Garage Sale' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('User denied Geolocation');
  });

  it('after 17:00 the schedule is tomorrow 08:00–17:00, so a post with the defaults is not already over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 1, 20, 13));
    stubGeolocation({ lat: 40.75, lng: -73.99 });
    mockApi('POST /api/items', makeItem({ isGarageSale: true }));
    renderWithApp(<PostGarageSaleRoute />, { user: makeUser(), path: '/post-garage-sale', routes: [{ path: '/', element: <p>feed</p> }] });
    expect(screen.getByLabelText('Start date')).toHaveValue('2026-06-02');
    expect(screen.getByLabelText('End date')).toHaveValue('2026-06-02');
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Post Garage Sale' }));
    expect(await screen.findByText('Garage Sale Posted!')).toBeInTheDocument();
    expect(apiCalls('POST /api/items')[0]?.body).toMatchObject({
      garageSaleStartTime: new Date(2026, 5, 2, 8).toISOString(),
      garageSaleEndTime: new Date(2026, 5, 2, 17).toISOString(),
    });
  });

  it('says an end in the past next to the end time, before any call', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 1, 12, 0));
    renderWithApp(<PostGarageSaleRoute />, { user: makeUser() });
    await fill();
    await userEvent.clear(screen.getByLabelText('End time'));
    await userEvent.type(screen.getByLabelText('End time'), '11:00');
    await userEvent.click(screen.getByRole('button', { name: 'Post Garage Sale' }));
    expect(screen.getByLabelText('End time')).toHaveAccessibleDescription('This garage sale has already ended');
    expect(screen.getByLabelText('End time')).toHaveFocus();
    expect(apiCalls()).toEqual([]);
  });

  it('shows the server’s refusal of a sale that ended while the form was open on the end time, not in a toast', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 1, 16, 59));
    stubGeolocation({ lat: 40.75, lng: -73.99 });
    mockApi('POST /api/items', () => {
      vi.setSystemTime(new Date(2026, 5, 1, 17, 0, 1));
      return { status: 400, body: { code: 'COMMON.VALIDATION_FAILED', message: 'This garage sale has already ended' } };
    });
    renderWithApp(<PostGarageSaleRoute />, { user: makeUser() });
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Post Garage Sale' }));
    await waitFor(() => expect(screen.getByLabelText('End time')).toHaveAccessibleDescription('This garage sale has already ended'));
    expect(screen.getByLabelText('End time')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });
});
