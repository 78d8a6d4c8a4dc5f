import { describe, expect, it } from 'vitest';
import { fairnessSentence, keptDetail, keptHeadline, kg, percent } from './impact-format';

const none = { pickups: 0, kg: 0, co2eKg: 0 };

describe('impact texts', () => {
  it('writes kilograms whole or to a tenth, with thousands grouped', () => {
    expect(kg(20)).toBe('20 kg');
    expect(kg(10.2)).toBe('10.2 kg');
    expect(kg(0.51)).toBe('0.5 kg');
    expect(kg(1234)).toBe('1,234 kg');
  });

  it('writes shares as whole percentages, a small one never as 0 %', () => {
    expect(percent(16 / 34)).toBe('47 %');
    expect(percent(1)).toBe('100 %');
    expect(percent(0.001)).toBe('<1 %');
  });

  it('heads the profile with the kilograms kept, or says nothing is kept yet', () => {
    expect(keptHeadline({ pickups: 3, kg: 42, co2eKg: 21.42 })).toBe('You kept 42 kg out of landfill');
    expect(keptHeadline(none)).toBe('Nothing kept out of landfill yet');
  });

  it('details given and picked up with their plurals, leaving out an empty side', () => {
    expect(keptDetail({ pickups: 1, kg: 20, co2eKg: 10.2 }, { pickups: 3, kg: 5, co2eKg: 2.55 })).toBe('1 item given (20 kg) · 3 items picked up (5 kg)');
    expect(keptDetail(none, { pickups: 1, kg: 2, co2eKg: 1.02 })).toBe('1 item picked up (2 kg)');
    expect(keptDetail(none, none)).toBe('');
  });

  it('explains the fairness figure for many pickers, one picker and none', () => {
    expect(fairnessSentence({ windowDays: 28, pickups: 34, pickers: 20, topPickers: 2, topShare: 16 / 34 })).toBe(
      'The busiest 2 of the 20 neighbours who picked up took 47 % of the 34 pickups in the last 28 days.',
    );
    expect(fairnessSentence({ windowDays: 28, pickups: 5, pickers: 4, topPickers: 1, topShare: 0.4 })).toBe(
      'The busiest of the 4 neighbours who picked up took 40 % of the 5 pickups in the last 28 days.',
    );
    expect(fairnessSentence({ windowDays: 28, pickups: 1, pickers: 1, topPickers: 1, topShare: 1 })).toBe(
      'One neighbour made the only pickup here in the last 28 days.',
    );
    expect(fairnessSentence({ windowDays: 28, pickups: 3, pickers: 1, topPickers: 1, topShare: 1 })).toBe(
      'One neighbour made all 3 pickups here in the last 28 days.',
    );
    expect(fairnessSentence({ windowDays: 28, pickups: 0, pickers: 0, topPickers: 0, topShare: null })).toBe(
      'No verified pickups here in the last 28 days yet.',
    );
  });
});
