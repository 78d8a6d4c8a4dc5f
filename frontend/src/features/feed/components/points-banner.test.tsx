import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { PointsBanner } from './points-banner';

describe(PointsBanner.name, () => {
  it('shows pending post points apart, named as pending with when they become final', () => {
    renderWithApp(<PointsBanner />, { user: makeUser({ points: 1, pendingPoints: 10, rank: 'Newbie' }) });
    expect(screen.getByRole('link', { name: /1 point to spend · Newbie/ })).toBeInTheDocument();
    expect(screen.getByTestId('pending-points')).toHaveTextContent(
      '+10 pending: final when the item is picked up or confirmed still there (never in its first hour), or after 6 hours',
    );
  });

  it('shows no pending line when nothing is pending, and the plural for other counts', () => {
    renderWithApp(<PointsBanner />, { user: makeUser({ points: 20, pendingPoints: 0 }) });
    expect(screen.getByText('20 points to spend')).toBeInTheDocument();
    expect(screen.queryByTestId('pending-points')).not.toBeInTheDocument();
  });
});
