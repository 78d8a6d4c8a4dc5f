import { photoFlags } from './photo-labels.rules';

describe('photoFlags', () => {
  it('flags a person in an item photo at low confidence and adult content at high, with the label and score as words', () => {
    expect(
      photoFlags([
        { label: 'people', score: 0.87 },
        { label: 'adult', score: 0.8 },
      ]),
    ).toEqual([
      { ruleId: 'photo.people', label: 'a person in the item photo', words: ['people 0.87'], confidence: 'low', source: 'photo' },
      { ruleId: 'photo.adult', label: 'adult content in the item photo', words: ['adult 0.80'], confidence: 'high', source: 'photo' },
    ]);
  });

  it('no labels, no flags', () => {
    expect(photoFlags([])).toEqual([]);
  });
});
