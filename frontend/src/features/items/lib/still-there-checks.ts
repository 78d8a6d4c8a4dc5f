/**
 * "Still there?" answers given today in this tab, by item: the server takes one answer a user per item per day, so
 * the card shows the answer instead of buttons that would only end in a refusal. Kept per local day.
 */
const answers = new Map<string, { day: string; stillThere: boolean }>();
const listeners = new Set<() => void>();

function today(now: Date = new Date()): string {
  return `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;
}

export function markChecked(itemId: string, stillThere: boolean): void {
  answers.set(itemId, { day: today(), stillThere });
  for (const listener of listeners) listener();
}

/** true: confirmed today; false: reported gone today; null: not answered today. */
export function stillThereAnswer(itemId: string): boolean | null {
  const answer = answers.get(itemId);
  return answer && answer.day === today() ? answer.stillThere : null;
}

export function subscribeChecks(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests: forget every answer. */
export function resetChecks(): void {
  answers.clear();
}
