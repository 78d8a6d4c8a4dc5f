import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeItem } from '../../../testing/factories';
import ItemsMap from './items-map';

const CENTER = { lat: 40.758, lng: -73.9855 };

// jsdom lays nothing out: the map's box reports a phone-sized map, as a browser's ResizeObserver would.
class FixedSizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe() {
    this.callback([{ contentRect: { width: 400, height: 288 } } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('ResizeObserver', FixedSizeObserver));
afterEach(() => vi.unstubAllGlobals());

const tiles = (map: HTMLElement) => [...map.querySelectorAll('img')].map((img) => img.getAttribute('src') ?? '');
const pinLeft = (pin: HTMLElement) => Number.parseFloat(pin.style.left);

function renderMap(overrides: Partial<Parameters<typeof ItemsMap>[0]> = {}) {
  const onSelect = vi.fn();
  const props = { center: CENTER, userPosition: null, items: [], selectedId: null, onSelect, ...overrides };
  const view = render(<ItemsMap {...props} />);
  return { ...view, onSelect, map: screen.getByTestId('items-map'), props };
}

describe('ItemsMap', () => {
  it('covers the box with OpenStreetMap tiles at the street zoom', () => {
    const { map } = renderMap();
    expect(tiles(map).length).toBeGreaterThanOrEqual(4);
    expect(tiles(map).every((src) => /^https:\/\/[abc]\.tile\.openstreetmap\.org\/13\/\d+\/\d+\.png$/.test(src))).toBe(true);
    expect(screen.getByRole('link', { name: 'OpenStreetMap' })).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
  });

  it('puts a pin per item that selects it, with its votes, and labels the selected one', async () => {
    const bookshelf = makeItem({ title: 'Oak bookshelf', voteCount: 3 });
    const lamp = makeItem({ title: 'Desk lamp', category: 'Lighting', latitude: '40.77', longitude: '-73.97' });
    const { onSelect, rerender, props } = renderMap({ items: [bookshelf, lamp] });
    const pin = screen.getByRole('button', { name: 'Oak bookshelf: Furniture, 3 votes' });
    expect(pin).toHaveTextContent('3');
    expect(pin).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(screen.getByRole('button', { name: /^Desk lamp/ }));
    expect(onSelect).toHaveBeenCalledWith(lamp.id);

    rerender(<ItemsMap {...props} selectedId={lamp.id} />);
    expect(screen.getByRole('button', { name: /^Desk lamp/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Desk lamp', { selector: 'strong' }).parentElement).toHaveTextContent('Lighting · 0 votes');
  });

  it('draws pins that would cover each other as one numbered group; a tap on it zooms in until they show', async () => {
    const items = [
      makeItem({ title: 'Oak bookshelf', latitude: '40.7580', longitude: '-73.9855' }),
      makeItem({ title: 'Desk lamp', latitude: '40.7584', longitude: '-73.9855' }),
      makeItem({ title: 'Bike rack', latitude: '40.7580', longitude: '-73.9850' }),
    ];
    const { map } = renderMap({ items });
    expect(within(map).queryByRole('button', { name: /^Oak bookshelf/ })).not.toBeInTheDocument();
    const group = within(map).getByRole('button', { name: '3 items here: zoom in to see them' });
    expect(group).toHaveTextContent('3');

    await userEvent.click(group);
    expect(tiles(map).every((src) => !src.includes('/13/'))).toBe(true);
    for (const title of ['Oak bookshelf', 'Desk lamp', 'Bike rack'])
      expect(within(map).getByRole('button', { name: new RegExp(`^${title}`) })).toBeInTheDocument();
  });

  it('keeps the selected item out of a group', () => {
    const items = [
      makeItem({ title: 'Oak bookshelf', latitude: '40.7580', longitude: '-73.9855' }),
      makeItem({ title: 'Desk lamp', latitude: '40.7581', longitude: '-73.9855' }),
    ];
    renderMap({ items, selectedId: items[1].id });
    expect(screen.getByRole('button', { name: /^Desk lamp/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /^Oak bookshelf/ })).toBeInTheDocument();
  });

  it('shows where the user is', () => {
    renderMap({ userPosition: CENTER });
    expect(screen.getByRole('img', { name: 'You are here' })).toBeInTheDocument();
  });

  it('zooms with its buttons and the keyboard, and pans with the arrow keys', async () => {
    const { map } = renderMap({ items: [makeItem({ title: 'Oak bookshelf' })] });
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(tiles(map).every((src) => src.includes('/14/'))).toBe(true);

    map.focus();
    await userEvent.keyboard('--');
    expect(tiles(map).every((src) => src.includes('/12/'))).toBe(true);

    const pin = screen.getByRole('button', { name: /^Oak bookshelf/ });
    const before = pinLeft(pin);
    await userEvent.keyboard('{ArrowLeft}');
    expect(pinLeft(pin) - before).toBeCloseTo(80, 0);
  });

  it('zooms in with a double click and with the wheel, which does not scroll the page', () => {
    const { map } = renderMap();
    fireEvent.doubleClick(map, { clientX: 200, clientY: 144 });
    expect(tiles(map).every((src) => src.includes('/14/'))).toBe(true);
    const wheel = new WheelEvent('wheel', { deltaY: -120, clientX: 200, clientY: 144, bubbles: true, cancelable: true });
    fireEvent(map, wheel);
    expect(wheel.defaultPrevented).toBe(true);
    expect(tiles(map).every((src) => src.includes('/15/'))).toBe(true);
  });

  it('stops zooming out at the whole-country view', async () => {
    renderMap();
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    for (let i = 0; i < 10; i++) await userEvent.click(zoomOut);
    expect(zoomOut).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeEnabled();
  });

  it('follows a new centre (the position arriving)', () => {
    const { map, rerender, props } = renderMap();
    const before = tiles(map);
    rerender(<ItemsMap {...props} center={{ lat: 51.5074, lng: -0.1278 }} />);
    expect(tiles(map)).not.toEqual(before);
    expect(tiles(map).every((src) => src.includes('/13/'))).toBe(true);
  });

  it('says so when the tiles cannot load, and keeps the pins', () => {
    const { map } = renderMap({ items: [makeItem({ title: 'Oak bookshelf' })] });
    const [first, second] = map.querySelectorAll('img');
    fireEvent.error(first);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    fireEvent.error(second);
    expect(screen.getByRole('status')).toHaveTextContent('Map tiles unavailable: pins on a plain background.');
    expect(within(map).getByRole('button', { name: /^Oak bookshelf/ })).toBeVisible();
    fireEvent.load(first);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
