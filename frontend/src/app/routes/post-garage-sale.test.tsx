import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
});
