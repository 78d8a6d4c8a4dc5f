/** For this library's own tests: polls `check` until it holds, or fails after `timeoutMs`. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 8000, intervalMs = 20): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for a condition`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
