import { clusterPins, zoomToOpen, type PinPlace } from './cluster-pins';
import { MAX_ZOOM } from './web-mercator';

// At zoom 13 near New York one pixel is about 14.8 m: 0.0001° of latitude (11 m) is under a pixel.
const place = (value: string, lat: number, lng: number): PinPlace<string> => ({ value, position: { lat, lng } });
const near = [place('a', 40.758, -73.9855), place('b', 40.7585, -73.9855), place('c', 40.758, -73.985)];
const far = place('d', 40.78, -73.96);

describe('clusterPins', () => {
  it('groups the pins that would cover each other, with their count and mean position, and leaves the rest alone', () => {
    const groups = clusterPins([...near, far], 13);
    expect(groups.map((g) => g.members)).toEqual([['a', 'b', 'c'], ['d']]);
    expect(groups[0].position.lat).toBeCloseTo((40.758 * 2 + 40.7585) / 3, 6);
    expect(groups[1].position).toEqual(far.position);
  });

  it("merges a pin gathered apart when it would cover the group drawn at its members' mean, so every marker can be tapped", () => {
    // At zoom 13 one pixel is about 14.8 m: b is 30 px east of a (grouped with it), c 40 px east of a (out of a's
    // reach) but 25 px from the pair's mean, where their group is drawn.
    const px = (n: number) => (n * 14.8) / (111_320 * Math.cos((40.758 * Math.PI) / 180));
    const row = [place('a', 40.758, -73.9855), place('b', 40.758, -73.9855 + px(30)), place('c', 40.758, -73.9855 + px(40))];
    const groups = clusterPins(row, 13);
    expect(groups.map((g) => g.members)).toEqual([['a', 'b', 'c']]);
    for (const [i, g] of groups.entries()) for (const h of groups.slice(i + 1)) expect(Math.hypot(g.at.x - h.at.x, g.at.y - h.at.y)).toBeGreaterThanOrEqual(36);
  });

  it('opens groups as the map zooms in', () => {
    expect(clusterPins(near, 13)).toHaveLength(1);
    expect(clusterPins(near, 17)).toHaveLength(3);
  });

  it('never groups at the highest zoom, nor the pin kept apart (the selected one)', () => {
    const same = [place('a', 40.758, -73.9855), place('b', 40.758, -73.9855)];
    expect(clusterPins(same, MAX_ZOOM)).toHaveLength(2);
    expect(clusterPins(near, 13, { keepApart: (v) => v === 'b' }).map((g) => g.members)).toEqual([['a', 'c'], ['b']]);
  });

  it('finds the zoom at which a group opens, at most the highest', () => {
    const open = zoomToOpen(near, 13);
    expect(clusterPins(near, open).length).toBeGreaterThan(1);
    expect(clusterPins(near, open - 1)).toHaveLength(1);
    expect(zoomToOpen([place('a', 40.758, -73.9855), place('b', 40.758, -73.9855)], 13)).toBe(MAX_ZOOM);
  });
});
