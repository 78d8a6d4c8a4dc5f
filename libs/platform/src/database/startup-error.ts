/**
 * A start-up problem the person running the app can fix (a folder in use, one it cannot reach, old data): the
 * launcher prints its message alone, without a stack trace.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
