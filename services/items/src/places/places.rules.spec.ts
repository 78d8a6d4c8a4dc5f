import { PLACES_MAX } from '@curbside/contracts';
import { PlaceIndex, normalisePlaceText } from './places.rules';
import { PlacesService } from './places.service';

const zips = {
  '97201': { zip: '97201', latitude: 45.5, longitude: -122.7, city: 'Portland', state: 'OR' },
  '97202': { zip: '97202', latitude: 45.4, longitude: -122.6, city: 'Portland', state: 'OR' },
  '04101': { zip: '04101', latitude: 43.66, longitude: -70.26, city: 'Portland', state: 'ME' },
  '63101': { zip: '63101', latitude: 38.63, longitude: -90.19, city: 'St. Louis', state: 'MO' },
};
const states = { OREGON: 'OR', MAINE: 'ME', MISSOURI: 'MO' };

describe(PlaceIndex.name, () => {
  const sut = new PlaceIndex(zips, states);

  it('gives a ZIP code its centre, named with city and state', () => {
    expect(sut.find('97201')).toEqual([{ name: 'Portland, OR 97201', lat: 45.5, lng: -122.7 }]);
    expect(sut.find('00000')).toEqual([]);
  });

  it('gives a city the centre of its ZIP codes in each state, the largest first, narrowed by a state code or name', () => {
    expect(sut.find('portland')).toEqual([
      { name: 'Portland, OR', lat: 45.45, lng: -122.65 },
      { name: 'Portland, ME', lat: 43.66, lng: -70.26 },
    ]);
    expect(sut.find('Portland, ME').map((p) => p.name)).toEqual(['Portland, ME']);
    expect(sut.find('portland oregon').map((p) => p.name)).toEqual(['Portland, OR']);
  });

  it('reads punctuation loosely and falls back to names that start with the text', () => {
    expect(normalisePlaceText('  St. Louis ')).toBe('st louis');
    expect(sut.find('st louis').map((p) => p.name)).toEqual(['St. Louis, MO']);
    expect(sut.find('Portl').map((p) => p.name)).toEqual(['Portland, OR', 'Portland, ME']);
    expect(sut.find('Nowhere')).toEqual([]);
  });
});

describe(PlacesService.name, () => {
  it('answers from the ZIP code table the package ships, at most a few places', () => {
    const sut = new PlacesService();
    const [zip] = sut.find('10001');
    expect(zip.name).toBe('New York, NY 10001');
    expect(zip.lat).toBeCloseTo(40.75, 1);
    expect(sut.find('Springfield').length).toBe(PLACES_MAX);
    expect(sut.find('Springfield, IL')[0].name).toBe('Springfield, IL');
  });
});
