import { screen } from '@testing-library/react';
import { renderWithApp } from '../../testing/render';
import NotFoundRoute from './not-found';

it('shows "Page Not Found" with a developer hint', () => {
  renderWithApp(<NotFoundRoute />, { path: '/nowhere' });
  expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  expect(screen.getByText('/nowhere')).toBeInTheDocument();
});
