import { MAX_ZOOM, MIN_ZOOM, panBy, project, tilesFor, tileUrl, toBox, unproject, zoomAbout, type MapView } from './web-mercator';

// The box's corner is kept on whole pixels (tiles meet without seams), so positions are right to a pixel.
const expectNear = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1);

const BOX = { width: 400, height: 288 };
const NYC: MapView = { center: { lat: 40.758, lng: -73.9855 }, zoom: 13 };

describe('web mercator', () => {
  it('puts a place on the world map as the tile servers do', () => {
    // Times Square is in tile 2412/3078 at zoom 13 (tile = world pixel / 256).
    const p = project(NYC.center, 13);
    expect([Math.floor(p.x / 256), Math.floor(p.y / 256)]).toEqual([2412, 3078]);
    expect(project({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
  });

  it('finds the place again from its pixel, longitude kept within -180..180', () => {
    const back = unproject(project(NYC.center, 15), 15);
    expect(back.lat).toBeCloseTo(40.758, 6);
    expect(back.lng).toBeCloseTo(-73.9855, 6);
    expect(unproject({ x: 256 * 2 + 64, y: 128 }, 0).lng).toBeCloseTo(-90, 6);
  });

  it('covers the box with the tiles around the centre, wrapping round the date line', () => {
    const tiles = tilesFor(NYC, BOX);
    const xs = [...new Set(tiles.map((t) => t.x))];
    const ys = [...new Set(tiles.map((t) => t.y))];
    expect(xs.length * ys.length).toBe(tiles.length);
    expect(xs).toContain(2412);
    expect(ys).toContain(3078);
    for (const t of tiles) {
      expect(t.left).toBeLessThan(BOX.width);
      expect(t.left + 256).toBeGreaterThan(0);
      expect(t.top).toBeLessThan(BOX.height);
      expect(t.top + 256).toBeGreaterThan(0);
    }
    const dateLine = tilesFor({ center: { lat: 0, lng: 180 }, zoom: 3 }, BOX);
    expect(dateLine.map((t) => t.x).sort()).toEqual(expect.arrayContaining([0, 7]));
    expect(dateLine.every((t) => t.x >= 0 && t.x < 8)).toBe(true);
  });

  it('shows the centre in the middle of the box', () => {
    const at = toBox(NYC.center, NYC, BOX);
    expectNear(at.x, 200);
    expectNear(at.y, 144);
  });

  it('fills a tile address template, spreading the tiles over the a/b/c hosts', () => {
    expect(tileUrl('https://{s}.tile.example/{z}/{x}/{y}.png', { x: 2412, y: 3078, z: 13 })).toBe('https://a.tile.example/13/2412/3078.png');
    expect(tileUrl('https://{s}.tile.example/{z}/{x}/{y}.png', { x: 2412, y: 3079, z: 13 })).toBe('https://b.tile.example/13/2412/3079.png');
    expect(tileUrl('/tiles/{z}/{x}/{y}.png', { x: 1, y: 2, z: 3 })).toBe('/tiles/3/1/2.png');
  });

  it('keeps what was under the finger under it when dragged', () => {
    const moved = panBy(NYC, 100, -40);
    const at = toBox(NYC.center, moved, BOX);
    expectNear(at.x, 300);
    expectNear(at.y, 104);
  });

  it('zooms about a point that stays where it is, within the zoom limits', () => {
    const point = { x: 80, y: 60 };
    const before = unproject({ x: project(NYC.center, 13).x - 120, y: project(NYC.center, 13).y - 84 }, 13);
    const zoomed = zoomAbout(NYC, BOX, point, 14);
    expect(zoomed.zoom).toBe(14);
    const after = toBox(before, zoomed, BOX);
    expectNear(after.x, point.x);
    expectNear(after.y, point.y);
    expect(zoomAbout(NYC, BOX, point, 40).zoom).toBe(MAX_ZOOM);
    expect(zoomAbout(NYC, BOX, point, -2).zoom).toBe(MIN_ZOOM);
  });
});
