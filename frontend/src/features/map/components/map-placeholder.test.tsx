import { render, screen } from '@testing-library/react';
import { MapLoadBoundary } from './map-placeholder';

function MapThatFailedToDownload(): never {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/items-map.js');
}

describe('MapLoadBoundary', () => {
  it("says the map could not load in the map's place, and keeps the rest of the screen", () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <div>
        <MapLoadBoundary>
          <MapThatFailedToDownload />
        </MapLoadBoundary>
        <h2>Nearby items</h2>
      </div>,
    );
    expect(screen.getByRole('region', { name: 'Map of nearby items' })).toHaveTextContent('The map could not load. The list below still works.');
    expect(screen.getByRole('heading', { name: 'Nearby items' })).toBeInTheDocument();
    logged.mockRestore();
  });

  it('shows the map once it is there', () => {
    render(
      <MapLoadBoundary>
        <p>the map</p>
      </MapLoadBoundary>,
    );
    expect(screen.getByText('the map')).toBeInTheDocument();
  });
});
