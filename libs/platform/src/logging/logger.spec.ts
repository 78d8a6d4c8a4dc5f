import { once } from 'node:events';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { jsonLines, LOG_FLUSH_MS } from './logger';

describe('JSON log lines', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'curbside-log-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const linesIn = (file: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { msg: string }).msg);

  it('writes a lone line within the flush interval, with nothing else logged after it', async () => {
    const file = join(dir, 'out.log');
    const fd = openSync(file, 'w');
    const destination = jsonLines(fd);
    pino(destination).info('one line');
    const deadline = Date.now() + LOG_FLUSH_MS * 10;
    while (linesIn(file).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(linesIn(file)).toEqual(['one line']);
    // The destination closes the file itself.
    destination.destroy();
    await once(destination, 'close');
  });

  it('writes the lines still waiting when the process exits', async () => {
    const file = join(dir, 'exit.log');
    const fd = openSync(file, 'w');
    const before = new Set(process.listeners('exit'));
    const destination = jsonLines(fd);
    const atExit = process.listeners('exit').filter((listener) => !before.has(listener));
    expect(atExit).toHaveLength(1);
    pino(destination).info('Stopped');
    expect(linesIn(file)).toEqual([]);
    // What Node runs as the process exits (after process.exit, or once nothing is left to do).
    atExit[0](0);
    expect(linesIn(file)).toEqual(['Stopped']);
    destination.destroy();
    await once(destination, 'close');
    expect(process.listeners('exit')).not.toContain(atExit[0]);
  });

  it('keeps every line of a burst, in order, and loses none still waiting when flushed (as at exit)', async () => {
    const file = join(dir, 'burst.log');
    const fd = openSync(file, 'w');
    const destination = jsonLines(fd);
    const logger = pino(destination);
    const sent = Array.from({ length: 500 }, (_, i) => `request ${i}`);
    for (const message of sent) logger.info(message);
    // Each full batch is in the file already, in order, before any turn of the event loop: no write is under way
    // for the flush at exit to overtake. (Written asynchronously, at most the first batch would be.)
    const written = linesIn(file);
    expect(written).toEqual(sent.slice(0, written.length));
    expect(written.length).toBeGreaterThan(sent.length - 100);
    destination.flushSync();
    expect(linesIn(file)).toEqual(sent);
    // The destination closes the file itself.
    destination.destroy();
    await once(destination, 'close');
  });
});
