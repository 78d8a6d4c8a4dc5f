import type { AreaImpact } from '@curbside/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi } from '../../testing/api-mock';
import { MANHATTAN, renderWithApp } from '../../testing/render';
import ImpactRoute from './impact';

const NONE = { pickups: 0, kg: 0, co2eKg: 0 };
const weeks = Array.from({ length: 12 }, (_, i) => ({ weekStart: new Date(Date.UTC(2026, 8, 7 + 7 * i)).toISOString().slice(0, 10), ...NONE }));
const method = { weightsKg: { Furniture: 20, Books: 2, Other: 3 }, co2ePerKg: 0.51, source: "Freegle's published factor: 0.51 t CO₂e saved per tonne reused" };

function area(overrides: Partial<AreaImpact> = {}): AreaImpact {
  return {
    area: { south: 40, west: -74, north: 42, east: -72 },
    weeks,
    categories: [],
    totals: NONE,
    fairness: { windowDays: 28, pickups: 0, pickers: 0, topPickers: 0, topShare: null },
    method,
    ...overrides,
  };
}

describe('impact page', () => {
  it("shows the area's totals, the weeks as a chart and a table, the categories, the fairness share explained and the method", async () => {
    mockApi(
      'GET /api/impact',
      area({
        weeks: weeks.map((w, i) => (i === 10 ? { ...w, pickups: 3, kg: 42, co2eKg: 21.42 } : i === 11 ? { ...w, pickups: 1, kg: 2, co2eKg: 1.02 } : w)),
        categories: [
          { category: 'Furniture', pickups: 2, kg: 40, co2eKg: 20.4 },
          { category: 'Books', pickups: 2, kg: 4, co2eKg: 2.04 },
        ],
        totals: { pickups: 4, kg: 44, co2eKg: 22.44 },
        fairness: { windowDays: 28, pickups: 34, pickers: 20, topPickers: 2, topShare: 16 / 34 },
      }),
    );
    renderWithApp(<ImpactRoute />);
    expect(screen.getByRole('heading', { name: 'Neighbourhood impact', level: 1 })).toBeInTheDocument();
    const totals = await screen.findByTestId('impact-totals');
    expect(within(totals).getByText('kept out of landfill').previousSibling).toHaveTextContent('44 kg');
    expect(within(totals).getByText('CO₂e saved').previousSibling).toHaveTextContent('22.4 kg');
    expect(within(totals).getByText('pickups').previousSibling).toHaveTextContent('4');
    expect(apiCalls('GET /api/impact')[0].url).toBe(`/api/impact?lat=${MANHATTAN.lat}&lng=${MANHATTAN.lng}`);
    expect(screen.getByTestId('impact-area')).toHaveTextContent('Your area: 40°N–42°N, 74°W–72°W · the last 12 weeks');

    expect(screen.getAllByTestId('impact-week-bar')).toHaveLength(12);
    const table = screen.getByRole('table', { name: 'Verified pickups and estimated kilograms by week' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getByRole('rowheader', { name: 'Nov 16' }).parentElement).toHaveTextContent('Nov 16342 kg');

    const categories = within(screen.getByTestId('impact-categories')).getAllByRole('listitem');
    expect(categories.map((c) => c.textContent)).toEqual(['Furniture40 kg · 2 pickups · 20.4 kg CO₂e', 'Books4 kg · 2 pickups · 2 kg CO₂e']);

    expect(screen.getByTestId('impact-fairness-share')).toHaveTextContent('47 %');
    expect(screen.getByTestId('impact-fairness')).toHaveTextContent(
      'The busiest 2 of the 20 neighbours who picked up took 47 % of the 34 pickups in the last 28 days.',
    );
    const methodText = screen.getByTestId('impact-method');
    expect(methodText).toHaveTextContent('These are estimates.');
    expect(methodText).toHaveTextContent('Furniture 20 kg, Books 2 kg, Other 3 kg');
    expect(methodText).toHaveTextContent("saves 0.51 kg of CO₂e (Freegle's published factor");
  });

  it('says so when nobody in the area picked anything up yet, and still explains the method', async () => {
    mockApi('GET /api/impact', area());
    renderWithApp(<ImpactRoute />);
    expect(await screen.findByTestId('impact-empty')).toHaveTextContent('No verified pickups here yet');
    expect(screen.queryByTestId('impact-totals')).not.toBeInTheDocument();
    expect(screen.getByTestId('impact-fairness')).toHaveTextContent('No verified pickups here in the last 28 days yet.');
    expect(screen.getByTestId('impact-method')).toBeInTheDocument();
  });

  it('says it could not load, with a Retry that asks again', async () => {
    mockApi('GET /api/impact', { code: 'COMMON.UNAVAILABLE', message: 'The items service is not answering' }, 503);
    renderWithApp(<ImpactRoute />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your area’s impact');
    mockApi('GET /api/impact', area());
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('impact-empty')).toBeInTheDocument();
  });

  it('asks for the location when there is none, and shows a loading state while it comes', () => {
    const request = vi.fn();
    const { unmount } = renderWithApp(<ImpactRoute />, { position: null, locationStatus: 'error', locationError: 'denied', requestLocation: request });
    expect(screen.getByRole('heading', { name: 'Location Access Required' })).toBeInTheDocument();
    unmount();
    renderWithApp(<ImpactRoute />, { position: null, locationStatus: 'pending' });
    expect(screen.getByLabelText('Loading your area’s impact')).toHaveAttribute('aria-busy', 'true');
  });
});
