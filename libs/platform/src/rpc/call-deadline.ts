import { DomainError, RpcError, RpcMeta } from '@curbside/contracts';

/**
 * The deadline a call carries (RpcMeta.deadline): when its caller stops waiting, `timeoutMs` from now, or the
 * deadline of the call being answered when that comes first, so a service asking another passes its caller's on.
 */
export function callDeadline(timeoutMs: number, inherited: number | undefined, now = Date.now()): number {
  const own = now + timeoutMs;
  return inherited === undefined ? own : Math.min(own, inherited);
}

/** The call's deadline when its caller sent one (callers before deadlines send none: they run to their end). */
export function deadlineOf(meta: Partial<RpcMeta> | undefined): number | undefined {
  const deadline = meta?.deadline;
  return typeof deadline === 'number' && Number.isFinite(deadline) ? deadline : undefined;
}

export function isPast(deadline: number | undefined, now = Date.now()): boolean {
  return deadline !== undefined && now >= deadline;
}

export function deadlineExceeded(): DomainError {
  return new DomainError(RpcError.DEADLINE_EXCEEDED, 'The caller stopped waiting for this call; it was not finished.');
}

export function isDeadlineExceeded(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === RpcError.DEADLINE_EXCEEDED;
}
