import type { PhotoLabel, PhotoValidationResult } from '@curbside/contracts';
import { matchCategory } from './category-match.rules';
import type { DetectedObject, VisionFindings } from './vision-findings';

/**
 * Thresholds measured on these models on a 2-core machine. BlazeFace alone finds faces
 * in cats, so a face counts only together with a MoveNet body; NSFWJS is weak, so only explicit classes with a
 * high sum reject.
 */
export const PERSON_OBJECT_MIN = 0.4;
export const FACE_MIN = 0.8;
export const BODY_WITH_FACE_MIN = 0.5;
export const EXPLICIT_MIN = 0.7;

/**
 * Alcohol: COCO has only "bottle", "wine glass" and "cup", none of which is alcohol by itself. The rule rejects
 * what would look like alcohol to a person glancing at the photo, and accepts the false negatives that follow:
 * - "cup" never rejects: nearly every cup in a photo is coffee, tea or a mug being given away;
 * - "wine glass" (≥ 0.4) and "bottle" (≥ 0.5) reject only when prominent (box ≥ 2 % of the photo), so a bottle
 *   in the background of a sofa photo does not cost the sofa;
 * - neither rejects when the title names a container ("wine glasses", "glass bottles", "vase"): then the glass
 *   or bottle is the item, and empty glassware is not alcohol.
 * A beer can, a bottle held low in the frame or a cup of wine pass; a water bottle in the foreground is
 * rejected. OpenAI, when configured, reads labels and contents instead.
 */
export const ALCOHOL_OBJECT_MIN: Readonly<Record<string, number>> = { 'wine glass': 0.4, bottle: 0.5 };
export const ALCOHOL_MIN_AREA = 0.02;
const CONTAINER_TITLE_WORDS = [
  'bottle',
  'glass',
  'jar',
  'vase',
  'decanter',
  'carafe',
  'flask',
  'jug',
  'thermos',
  'tumbler',
  'drinkware',
  'barware',
  'glassware',
];

/**
 * No local label can see tobacco, drugs or medication, so no local "valid" may look as sure as a check that
 * could: passing answers stay below this.
 */
export const LOCAL_PASS_CONFIDENCE_CAP = 0.65;
export const UNSEEN_STANDARDS_NOTE = 'Tobacco, drugs and medication cannot be checked by the offline model.';

interface Violation {
  reason: string;
  /** The detector score behind it and the threshold it crossed: the further above, the surer the verdict. */
  score: number;
  threshold: number;
}

function personViolation(findings: VisionFindings): Violation | null {
  const person = strongest(findings.objects.filter((o) => o.label === 'person'));
  if (person && person.score >= PERSON_OBJECT_MIN) return { reason: 'A person is visible in the photo.', score: person.score, threshold: PERSON_OBJECT_MIN };
  const face = Math.max(0, ...findings.faceScores);
  if (face >= FACE_MIN && findings.bodyScore >= BODY_WITH_FACE_MIN) {
    return { reason: 'A person is visible in the photo.', score: Math.min(face, findings.bodyScore), threshold: BODY_WITH_FACE_MIN };
  }
  return null;
}

function explicitViolation(findings: VisionFindings): Violation | null {
  const explicit = findings.nsfw.porn + findings.nsfw.hentai;
  return explicit >= EXPLICIT_MIN ? { reason: 'The photo appears to contain sexual content.', score: explicit, threshold: EXPLICIT_MIN } : null;
}

function titleNamesContainer(title: string): boolean {
  const singular = (word: string) => [word, word.replace(/s$/, ''), word.replace(/es$/, '')];
  return title
    .toLowerCase()
    .split(/[^a-z]+/)
    .some((word) => singular(word).some((form) => CONTAINER_TITLE_WORDS.includes(form)));
}

function alcoholViolation(findings: VisionFindings, title: string): Violation | null {
  if (titleNamesContainer(title)) return null;
  const suspects = findings.objects.filter((o) => {
    const min = ALCOHOL_OBJECT_MIN[o.label];
    return min !== undefined && o.score >= min && o.area >= ALCOHOL_MIN_AREA;
  });
  const suspect = strongest(suspects);
  if (!suspect) return null;
  return {
    reason: `Alcohol is not allowed in pickup photos, and a ${suspect.label} is clearly visible.`,
    score: suspect.score,
    threshold: ALCOHOL_OBJECT_MIN[suspect.label] ?? 0,
  };
}

function strongest(objects: readonly DetectedObject[]): DetectedObject | undefined {
  return [...objects].sort((a, b) => b.score - a.score)[0];
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** 0.6 at the threshold, up to 0.95 for a score of 1. */
function rejectionConfidence(violation: Violation): number {
  const above = (violation.score - violation.threshold) / Math.max(1e-6, 1 - violation.threshold);
  return round2(Math.min(0.95, 0.6 + 0.35 * Math.max(0, Math.min(1, above))));
}

function describePass(findings: VisionFindings, item: { title: string; category: string }): { confidence: number; sentence: string } {
  const match = matchCategory(findings.objects, item);
  if (match?.by === 'title') {
    return { confidence: 0.5 + 0.15 * Math.min(1, match.object.score / 0.5), sentence: `The photo seems to show a ${match.object.label}, as the title says.` };
  }
  if (match) {
    return {
      confidence: 0.5 + 0.1 * Math.min(1, match.object.score / 0.5),
      sentence: `The photo seems to show a ${match.object.label}, which fits ${item.category}.`,
    };
  }
  const seen = findings.objects.filter((o) => o.score >= 0.3 && o.label !== 'person').map((o) => o.label);
  if (seen.length > 0) {
    return {
      confidence: 0.45,
      sentence: `The offline model could not match the photo to the item (it saw: ${[...new Set(seen)].join(', ')}), which alone is no reason to reject it.`,
    };
  }
  return { confidence: 0.4, sentence: 'The offline model could not recognise the item itself, which alone is no reason to reject it.' };
}

/**
 * The local model's verdict: any community-standard violation it can see rejects, with every violation named;
 * otherwise the photo passes with a confidence that says how much the model could actually check.
 */
export function judgeFindings(findings: VisionFindings, item: { title: string; category: string }): PhotoValidationResult {
  const violations = [personViolation(findings), explicitViolation(findings), alcoholViolation(findings, item.title)].filter((v): v is Violation => v !== null);
  if (violations.length > 0) {
    return {
      isValid: false,
      confidence: Math.max(...violations.map(rejectionConfidence)),
      reason: `${violations.map((v) => v.reason).join(' ')} Please take another photo that shows only the item.`,
    };
  }
  const pass = describePass(findings, item);
  return {
    isValid: true,
    confidence: round2(Math.min(LOCAL_PASS_CONFIDENCE_CAP, pass.confidence)),
    reason: `${pass.sentence} No person, sexual content or alcohol was detected. ${UNSEEN_STANDARDS_NOTE}`,
  };
}

/**
 * An item photo's labels for moderation (docs/product-rules.md, Automated checks), by the same thresholds that
 * reject a pickup photo: `people` when a person is visible, `adult` when explicit content is (porn + hentai ≥
 * EXPLICIT_MIN). Each with the detector score behind it, rounded to two places.
 */
export function photoLabels(findings: VisionFindings): PhotoLabel[] {
  const labels: PhotoLabel[] = [];
  const person = personViolation(findings);
  if (person) labels.push({ label: 'people', score: round2(Math.min(1, person.score)) });
  const explicit = explicitViolation(findings);
  if (explicit) labels.push({ label: 'adult', score: round2(Math.min(1, explicit.score)) });
  return labels;
}
