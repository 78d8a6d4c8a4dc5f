import type { LoggerService } from '@nestjs/common';
import pino, { DestinationStream, Logger } from 'pino';
import pretty from 'pino-pretty';
import { currentRequestContext } from './request-context';

let root: Logger | undefined;

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
/** JSON lines are written together once this many bytes are waiting… */
export const LOG_BATCH_BYTES = 4096;
/** …or once this long has passed, whichever comes first. */
export const LOG_FLUSH_MS = 100;

/**
 * Readable lines for a person at a terminal (or LOG_FORMAT=pretty), JSON everywhere else (pipes, files,
 * containers) or with LOG_FORMAT=json.
 */
export function prettyLogs(env: NodeJS.ProcessEnv = process.env, stdoutIsTerminal = Boolean(process.stdout.isTTY)): boolean {
  if (env.LOG_FORMAT === 'pretty') return true;
  if (env.LOG_FORMAT === 'json') return false;
  return stdoutIsTerminal;
}

/**
 * One logger per process; every line carries the current request id when there is one. JSON lines go to stdout
 * gathered into one write of up to LOG_BATCH_BYTES, or of what LOG_FLUSH_MS brought: a write per line was a tenth of
 * the gateway's CPU under load, and a write per request line, even asynchronous, still a twentieth. A line waits
 * LOG_FLUSH_MS at most, and what is still unwritten is flushed when the process exits.
 */
export function rootLogger(level = process.env.LOG_LEVEL ?? 'info'): Logger {
  // A bad LOG_LEVEL is reported by the configuration check with every other bad value; until then, log at info.
  const validLevel = LEVELS.has(level) ? level : 'info';
  root ??= pino(
    {
      level: validLevel,
      base: { pid: process.pid },
      mixin() {
        const ctx = currentRequestContext();
        return ctx ? { requestId: ctx.requestId } : {};
      },
    },
    prettyLogs() ? prettyStream() : jsonLines(1),
  );
  return root;
}

/**
 * Where JSON lines go (stdout, or the file descriptor given), written together as rootLogger says. Each batch is
 * written synchronously: with an asynchronous write still under way, the flush at exit wrote what waited behind it
 * first, so the last lines came out of order, and the batch under way could be lost with the process.
 */
export function jsonLines(fd: number): ReturnType<typeof pino.destination> {
  const destination = pino.destination({ dest: fd, sync: true, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
  // pino flushes at exit only the destinations it writes asynchronously: the lines still waiting here (the last ones
  // before a stop, "Stopped" above all) are written when the process exits.
  const flushAtExit = () => {
    try {
      destination.flushSync();
    } catch {
      // Destroyed already (its file closed): nothing of it waits.
    }
  };
  process.once('exit', flushAtExit);
  destination.once('close', () => process.removeListener('exit', flushAtExit));
  return destination;
}

function prettyStream(): DestinationStream {
  return pretty({
    sync: true,
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    // Shown in the message already, or only useful in JSON.
    ignore: 'pid,hostname,component,context,mode,schema,dataDir,url,startupMs',
    messageFormat: '{if component}{component}: {end}{msg}',
    singleLine: true,
  });
}

export function createLogger(component: string): Logger {
  return rootLogger().child({ component });
}

const NEST_START_UP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication', 'NestMicroservice']);

/** Lets NestJS log through pino. */
export class PinoNestLogger implements LoggerService {
  private readonly logger: Logger;

  constructor(component: string) {
    this.logger = createLogger(component);
  }

  log(message: unknown, context?: string): void {
    // Nest's start-up chatter (every module loaded, every route mapped) is for debugging, not for the person starting the app.
    const level = context && NEST_START_UP_CONTEXTS.has(context) ? 'debug' : 'info';
    this.logger[level]({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
