import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DomainError, ErrorCode, LIVE_STREAM_PATH, PlatformRoutes, RouteContract } from '@curbside/contracts';
import { APP_CONFIG, type AppConfig, httpRequestsShed, watchAdmission } from '@curbside/platform';
import type { preHandlerHookHandler } from 'fastify';
import { sendError } from '../errors/error-response';
import { routeContractOf } from './route-templates';
import { isStateChanging } from './state-changing';

/** Why a request was turned away: no place left in the line, or its wait ran out. */
export type ShedReason = 'full' | 'waited';
/** Writes are let in before reads: a post, a claim or a vote matters more to its member than a list refreshed. */
export type Lane = 'write' | 'read';

export interface AdmissionLimits {
  /** Requests worked on at once; the rest wait in line. */
  maxInFlight: number;
  /** How long a request may wait in line while the line keeps emptying (a burst). */
  maxWaitMs: number;
  /**
   * How long it may wait once the line has not been empty for `overloadAfterMs` (more arrives than the services
   * answer): the newest is then let in first and those that waited longer than this are refused at once.
   */
  overloadedWaitMs: number;
  overloadAfterMs: number;
  /** Requests in line at most (both lanes); one more refuses the oldest read. */
  maxQueued: number;
}

/** The defaults beside GATEWAY_MAX_IN_FLIGHT and GATEWAY_MAX_WAIT_MS (docs/architecture.md, "Load shedding"). */
export function admissionLimits(maxInFlight: number, maxWaitMs: number): AdmissionLimits {
  return { maxInFlight, maxWaitMs, overloadedWaitMs: Math.min(maxWaitMs, 250), overloadAfterMs: 1000, maxQueued: maxInFlight * 8 };
}

interface Waiting {
  lane: Lane;
  since: number;
  admit: () => void;
  refuse: (reason: ShedReason) => void;
  timer: NodeJS.Timeout;
}

/** What a request gets from the gate: let in (call `release` once it has been answered), or turned away. */
export type Admission = { admitted: true; release: () => void } | { admitted: false; reason: ShedReason };

/**
 * The gateway's admission control: at most `maxInFlight` requests are worked on at once; the others wait in line
 * for a bounded time and are refused (503, Retry-After) when it runs out. Past capacity, work the services cannot
 * finish before its deadline only delays everything behind it, so a refusal at the door keeps the requests let in
 * answered in time instead of every request failing late.
 *
 * The line is first in, first out while it keeps emptying (a burst waits up to `maxWaitMs`). Once it has not been
 * empty for `overloadAfterMs` it is served newest first, and anything that waited longer than `overloadedWaitMs`
 * is refused: the newest caller is the one still waiting for its answer, while the oldest has the least time left.
 */
export class AdmissionGate {
  private inFlight = 0;
  private readonly lanes: Record<Lane, Waiting[]> = { write: [], read: [] };
  private lastEmptyAt: number;

  constructor(
    readonly limits: AdmissionLimits,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.lastEmptyAt = now();
  }

  get running(): number {
    return this.inFlight;
  }

  get queued(): number {
    return this.lanes.write.length + this.lanes.read.length;
  }

  /** A place at once when one is free and nobody waits for it (the usual case, with no promise); else undefined. */
  tryEnter(): Extract<Admission, { admitted: true }> | undefined {
    return this.inFlight < this.limits.maxInFlight && this.queued === 0 ? this.admitOne() : undefined;
  }

  /** Resolves when the request may run, or with the reason it may not. */
  enter(lane: Lane): Promise<Admission> {
    const now = this.tryEnter();
    if (now) return Promise.resolve(now);
    this.dropStale();
    if (this.queued >= this.limits.maxQueued) {
      // A write refuses the oldest read in line rather than itself; a read, or a line of writes only, is refused.
      const victim = lane === 'write' ? this.lanes.read.shift() : undefined;
      if (!victim) return Promise.resolve({ admitted: false, reason: 'full' });
      this.refuse(victim, 'full');
    }
    // The line was empty until now: the time it has not been empty starts here.
    if (this.queued === 0) this.lastEmptyAt = this.now();
    return new Promise<Admission>((resolve) => {
      const waiting: Waiting = {
        lane,
        since: this.now(),
        admit: () => resolve(this.admitOne()),
        refuse: (reason) => resolve({ admitted: false, reason }),
        timer: setTimeout(() => this.leave(waiting, 'waited'), this.limits.maxWaitMs),
      };
      this.lanes[lane].push(waiting);
    });
  }

  private admitOne(): Extract<Admission, { admitted: true }> {
    this.inFlight++;
    let released = false;
    return {
      admitted: true,
      release: () => {
        if (released) return;
        released = true;
        this.inFlight--;
        this.next();
      },
    };
  }

  /** A place came free: the next request in line runs (a write first; newest first when overloaded). */
  private next(): void {
    this.dropStale();
    if (this.inFlight >= this.limits.maxInFlight) return;
    const overloaded = this.overloaded();
    const lane = this.lanes.write.length > 0 ? this.lanes.write : this.lanes.read;
    const waiting = overloaded ? lane.pop() : lane.shift();
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.noteIfEmpty();
    waiting.admit();
  }

  /** Under overload, those that waited longer than `overloadedWaitMs` are refused now rather than at `maxWaitMs`. */
  private dropStale(): void {
    if (!this.overloaded()) return;
    const oldest = this.now() - this.limits.overloadedWaitMs;
    for (const lane of Object.values(this.lanes)) {
      while (lane.length > 0 && lane[0].since < oldest) this.refuse(lane.shift() as Waiting, 'waited');
    }
  }

  private overloaded(): boolean {
    return this.queued > 0 && this.now() - this.lastEmptyAt >= this.limits.overloadAfterMs;
  }

  private leave(waiting: Waiting, reason: ShedReason): void {
    const lane = this.lanes[waiting.lane];
    const at = lane.indexOf(waiting);
    if (at === -1) return;
    lane.splice(at, 1);
    this.refuse(waiting, reason);
  }

  private refuse(waiting: Waiting, reason: ShedReason): void {
    clearTimeout(waiting.timer);
    this.noteIfEmpty();
    waiting.refuse(reason);
  }

  private noteIfEmpty(): void {
    if (this.queued === 0) this.lastEmptyAt = this.now();
  }
}

/**
 * Never made to wait: the health report (a probe must see the truth under load, and a refused probe would have
 * replicas restarted just when they are needed) and the live stream (open for as long as the page is; its one call
 * to the services, the catch-up as it opens, takes a place of its own or is left out: LiveHub.open). Nor are the
 * photo uploads streamed in as multipart (the item photo, the profile picture): their bytes arrive at the member's
 * pace, so a place held while they do would let a few slow phones fill the gate. Their size and the write limit per
 * address bound them instead. (A JSON body, however large, is read before the gate.)
 */
function exempt(route: RouteContract): boolean {
  return route.path === PlatformRoutes.health.path || route.path === LIVE_STREAM_PATH || route.multipart !== undefined;
}

const BUSY_MESSAGE = 'Curbside is busy right now. Please try again in a moment.';

/**
 * The gate as a hook of the API's routes, once the body has been read (the SPA's files, a path no route answers and
 * the exempt routes pass straight through). A refused request is answered 503 COMMON.UNAVAILABLE with Retry-After:
 * 1: the SPA sends a creating call again by itself (sendOnce, with the same Idempotency-Key) and shows a list's
 * refusal as its usual error, with this message.
 */
export function admitWithinCapacity(gate: AdmissionGate): preHandlerHookHandler {
  return (request, reply, done) => {
    const route = routeContractOf(request);
    if (!route || exempt(route)) return done();
    // 'close' comes once the answer is sent or the caller has gone, whichever happens.
    const response = reply.raw;
    const free = gate.tryEnter();
    if (free) {
      response.once('close', free.release);
      return done();
    }
    const lane: Lane = isStateChanging(request.method) ? 'write' : 'read';
    let gone = false;
    const onClose = () => {
      gone = true;
    };
    response.once('close', onClose);
    void gate.enter(lane).then((admission) => {
      response.off('close', onClose);
      if (!admission.admitted) {
        httpRequestsShed.inc({ lane, reason: admission.reason });
        if (!gone) sendError(reply, new DomainError(ErrorCode.UNAVAILABLE, BUSY_MESSAGE, 1));
        return;
      }
      if (gone) return admission.release();
      response.once('close', admission.release);
      done();
    });
  };
}

/** This gateway process's gate, sized by GATEWAY_MAX_IN_FLIGHT and GATEWAY_MAX_WAIT_MS, and its figures in /metrics. */
@Injectable()
export class GatewayAdmission implements OnApplicationBootstrap, OnModuleDestroy {
  readonly gate: AdmissionGate;
  private stopWatching?: () => void;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.gate = new AdmissionGate(admissionLimits(config.GATEWAY_MAX_IN_FLIGHT, config.GATEWAY_MAX_WAIT_MS));
  }

  onApplicationBootstrap(): void {
    this.stopWatching = watchAdmission(() => ({ running: this.gate.running, queued: this.gate.queued }));
  }

  onModuleDestroy(): void {
    this.stopWatching?.();
  }
}
