import type { DetectedObject } from './vision-findings';

/**
 * COCO-80 labels that are evidence for each item category (the item forms' categories and the garage-sale
 * ones). Rough on purpose: a match raises confidence, a miss never rejects (most curbside items have no
 * COCO label at all: a dresser, a box of books, a lamp).
 */
const LABELS_BY_CATEGORY: Record<string, readonly string[]> = {
  furniture: ['chair', 'couch', 'bed', 'dining table', 'bench', 'toilet'],
  electronics: ['tv', 'laptop', 'mouse', 'remote', 'keyboard', 'cell phone', 'microwave', 'oven', 'toaster', 'refrigerator', 'hair drier', 'clock'],
  clothing: ['tie', 'handbag', 'backpack', 'suitcase', 'umbrella'],
  books: ['book'],
  household: [
    'vase',
    'clock',
    'potted plant',
    'bowl',
    'cup',
    'fork',
    'knife',
    'spoon',
    'scissors',
    'toaster',
    'microwave',
    'oven',
    'sink',
    'refrigerator',
    'hair drier',
    'toothbrush',
    'teddy bear',
    'bed',
    'couch',
    'chair',
    'dining table',
    'tv',
  ],
  sports: ['sports ball', 'skis', 'snowboard', 'skateboard', 'surfboard', 'tennis racket', 'baseball bat', 'baseball glove', 'frisbee', 'kite', 'bicycle'],
  tools: ['scissors', 'knife'],
  toys: ['teddy bear', 'kite', 'sports ball', 'frisbee', 'skateboard'],
  kitchen: ['bowl', 'cup', 'fork', 'knife', 'spoon', 'microwave', 'oven', 'toaster', 'refrigerator', 'sink', 'dining table', 'bottle', 'wine glass'],
  garden: ['potted plant', 'bench', 'chair'],
  antiques: ['clock', 'vase', 'chair', 'couch', 'bench'],
};

/** Words a title may use for a COCO label (the label's own words count too). */
const TITLE_WORDS_BY_LABEL: Record<string, readonly string[]> = {
  couch: ['sofa', 'settee', 'loveseat', 'futon', 'sectional'],
  chair: ['stool', 'armchair', 'recliner', 'seat'],
  'dining table': ['table', 'desk'],
  bed: ['mattress', 'bedframe', 'crib', 'cot'],
  tv: ['television', 'monitor', 'screen'],
  'cell phone': ['phone', 'smartphone', 'iphone'],
  laptop: ['notebook', 'computer', 'macbook'],
  bicycle: ['bike', 'cycle'],
  'potted plant': ['plant', 'plants', 'pot', 'planter'],
  'sports ball': ['ball', 'football', 'basketball', 'soccer'],
  'teddy bear': ['teddy', 'plush', 'stuffed'],
  book: ['books', 'novel', 'novels', 'textbook'],
  refrigerator: ['fridge', 'freezer'],
  suitcase: ['luggage'],
  handbag: ['bag', 'purse'],
  'hair drier': ['hairdryer', 'dryer'],
};

/** Objects this faint are not evidence of anything. */
const MIN_SCORE = 0.2;

export interface CategoryMatch {
  object: DetectedObject;
  /** "title": the title names what was seen (strongest); "category": it fits the category. */
  by: 'title' | 'category';
}

function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter(Boolean),
  );
}

/** The title names this label: its own words ("dining table" → table) or a synonym ("sofa" → couch). */
export function titleNames(title: string, label: string): boolean {
  const titleWords = words(title);
  return [...label.split(' '), ...(TITLE_WORDS_BY_LABEL[label] ?? [])].some((w) => titleWords.has(w));
}

/** The strongest detected object that the title names, else the strongest that fits the category, else null. */
export function matchCategory(objects: readonly DetectedObject[], item: { title: string; category: string }): CategoryMatch | null {
  const candidates = objects.filter((o) => o.score >= MIN_SCORE && o.label !== 'person').sort((a, b) => b.score - a.score);
  const byTitle = candidates.find((o) => titleNames(item.title, o.label));
  if (byTitle) return { object: byTitle, by: 'title' };
  const labels = LABELS_BY_CATEGORY[item.category.trim().toLowerCase()] ?? [];
  const byCategory = candidates.find((o) => labels.includes(o.label));
  return byCategory ? { object: byCategory, by: 'category' } : null;
}
