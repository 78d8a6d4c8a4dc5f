import type { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import { currentRequestContext } from './request-context';

let root: Logger | undefined;

/** One JSON logger per process; every line carries the current request id when there is one. */
export function rootLogger(level = process.env.LOG_LEVEL ?? 'info'): Logger {
  root ??= pino({
    level,
    base: { pid: process.pid },
    mixin() {
      const ctx = currentRequestContext();
      return ctx ? { requestId: ctx.requestId } : {};
    },
  });
  return root;
}

export function createLogger(component: string): Logger {
  return rootLogger().child({ component });
}

/** Lets NestJS log through pino. */
export class PinoNestLogger implements LoggerService {
  private readonly logger: Logger;

  constructor(component: string) {
    this.logger = createLogger(component);
  }

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
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
