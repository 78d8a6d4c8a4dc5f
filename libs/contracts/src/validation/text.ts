/**
 * Characters that show nothing: zero-width spaces and joiners, direction marks and embeddings, word joiner,
 * soft hyphen, BOM. A title made only of these (and spaces) is as empty as a blank one.
 */
const INVISIBLE = /[\s\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;

export function isVisiblyEmpty(text: string): boolean {
  return text.replace(INVISIBLE, '').length === 0;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text PostgreSQL cannot store: a NUL character, or a lone UTF-16 surrogate (half of an emoji, which has no
 * UTF-8 form). Returns what is wrong, or null when the text is fine.
 */
export function unstorableText(text: string): 'nul' | 'surrogate' | null {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return null;
}

/** The path ("title", "location.lat", "[2]") of the first string in a JSON value that cannot be stored, or null. */
export function findUnstorableText(value: unknown, path = ''): { path: string; problem: 'nul' | 'surrogate' } | null {
  if (typeof value === 'string') {
    const problem = unstorableText(value);
    return problem ? { path: path || '(the body)', problem } : null;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findUnstorableText(item, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = unstorableText(key);
      if (keyProblem) return { path: path || '(the body)', problem: keyProblem };
      const found = findUnstorableText(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

export function unstorableTextMessage(found: { path: string; problem: 'nul' | 'surrogate' }): string {
  return found.problem === 'nul'
    ? `${found.path} contains a NUL character (\\u0000); remove it and try again`
    : `${found.path} contains a broken character (half of an emoji or symbol); retype it and try again`;
}
