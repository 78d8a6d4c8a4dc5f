import { PhotoLabel } from '@curbside/contracts';
import { ContentFlag } from './content-flag';

/**
 * An item photo's labels from the local model (item-photo.labelled.v1) as moderation flags (docs/product-rules.md,
 * Automated checks). A person in the photo is often the poster's own reflection or a passer-by, and the local
 * model cannot tell a statue from a person: low, the item stays published and is flagged. Adult content (explicit
 * classes at or above the model's threshold, applied by the photo-validation service) is high: held for review.
 */
const PHOTO_RULES: Record<PhotoLabel['label'], Omit<ContentFlag, 'words'>> = {
  people: { ruleId: 'photo.people', label: 'a person in the item photo', confidence: 'low', source: 'photo' },
  adult: { ruleId: 'photo.adult', label: 'adult content in the item photo', confidence: 'high', source: 'photo' },
};

export function photoFlags(labels: readonly PhotoLabel[]): ContentFlag[] {
  return labels.map(({ label, score }) => ({ ...PHOTO_RULES[label], words: [`${label} ${score.toFixed(2)}`] }));
}
