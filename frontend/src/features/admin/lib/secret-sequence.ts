/** Spec §9: the hidden entry's sequence is 6 characters typed into a search box, forgotten after 3 s idle. */
export const SECRET_SEQUENCE = 'sos911';
export const SEQUENCE_IDLE_MS = 3_000;
/** Spec §9: the top-left area must be held for 3 s. */
export const HOLD_MS = 3_000;

/**
 * Follows what is typed (not pasted text as a whole, not deletions) and says when the last characters typed
 * spell the sequence. A pause longer than the idle time starts over.
 */
export function createSequenceTracker(secret = SECRET_SEQUENCE, idleMs = SEQUENCE_IDLE_MS) {
  let typed = '';
  let last = -Infinity;
  return {
    /** `text` is what one keystroke inserted, or null for anything else (deletion, paste of nothing). */
    push(text: string | null, now: number): boolean {
      if (now - last > idleMs) typed = '';
      last = now;
      if (text === null) {
        typed = '';
        return false;
      }
      typed = (typed + text.toLowerCase()).slice(-secret.length);
      if (typed !== secret) return false;
      typed = '';
      return true;
    },
  };
}
