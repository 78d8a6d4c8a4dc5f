import type { ImpactFigures } from '@curbside/contracts';
import { plural } from '../../../lib/plural';

const kgFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "20 kg", "1,234 kg", "10.2 kg": whole kilograms stay whole, estimates never show more than a tenth. */
export function kg(value: number): string {
  return `${kgFormat.format(value)} kg`;
}

/** "47 %": the share as a whole percentage (a share above zero never reads as 0 %). */
export function percent(share: number): string {
  const rounded = Math.round(share * 100);
  return `${share > 0 && rounded === 0 ? '<1' : rounded} %`;
}

/** The profile's headline: "You kept 42 kg out of landfill", or what starts it for a member with nothing yet. */
export function keptHeadline(totals: ImpactFigures): string {
  return totals.pickups === 0 ? 'Nothing kept out of landfill yet' : `You kept ${kg(totals.kg)} out of landfill`;
}

/** "1 item given (20 kg) · 3 items picked up (5 kg)": the parts of the headline, without the empty ones. */
export function keptDetail(given: ImpactFigures, pickedUp: ImpactFigures): string {
  const parts = [];
  if (given.pickups > 0) parts.push(`${plural(given.pickups, 'item')} given (${kg(given.kg)})`);
  if (pickedUp.pickups > 0) parts.push(`${plural(pickedUp.pickups, 'item')} picked up (${kg(pickedUp.kg)})`);
  return parts.join(' · ');
}

/**
 * The fairness figure in words: "The busiest 2 of 20 neighbours who picked up took 47 % of the 34 pickups", or
 * for one picker "One neighbour took all 3 pickups".
 */
export function fairnessSentence(f: { pickups: number; pickers: number; topPickers: number; topShare: number | null; windowDays: number }): string {
  if (f.topShare === null || f.pickups === 0) return `No verified pickups here in the last ${f.windowDays} days yet.`;
  if (f.pickers === 1) return `One neighbour made ${f.pickups === 1 ? 'the only pickup' : `all ${f.pickups} pickups`} here in the last ${f.windowDays} days.`;
  const who =
    f.topPickers === 1
      ? `The busiest of the ${f.pickers} neighbours who picked up`
      : `The busiest ${f.topPickers} of the ${f.pickers} neighbours who picked up`;
  return `${who} took ${percent(f.topShare)} of the ${plural(f.pickups, 'pickup')} in the last ${f.windowDays} days.`;
}
