import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StaticLocationProvider } from '../location-provider';
import { LocationBanner } from './location-banner';

describe('LocationBanner', () => {
  it('says "1 mile", not "1 miles"', () => {
    render(
      <StaticLocationProvider value={{ status: 'granted', position: { lat: 45, lng: -73 } }}>
        <LocationBanner radius={1} onChangeRadius={() => undefined} />
      </StaticLocationProvider>,
    );
    expect(screen.getByText('Searching 1 mile around you')).toBeInTheDocument();
  });
});
