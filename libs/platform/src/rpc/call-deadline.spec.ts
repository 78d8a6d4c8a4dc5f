import 'reflect-metadata';
import type { CallHandler } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { MessagePattern } from '@nestjs/microservices';
import { defineCall, ErrorCode, RpcError, RpcRequest } from '@curbside/contracts';
import { defer, firstValueFrom, of } from 'rxjs';
import { z } from 'zod';
import { currentRequestContext, runWithRequestContext } from '../logging/request-context';
import { rpcDeadlineExceeded } from '../metrics/metrics';
import { callDeadline, deadlineExceeded, deadlineOf, isPast } from './call-deadline';
import { InMemoryRpcBroker, InMemoryRpcClient } from './in-memory.rpc';
import { RpcCaller } from './rpc-caller';
import { RpcContextInterceptor } from './rpc-context.interceptor';

const echo = defineCall({ subject: 'test.echo', request: z.object({ word: z.string() }), reply: z.object({ said: z.string() }), errors: [] });

describe('a call carries its deadline', () => {
  let broker: InMemoryRpcBroker;
  let sent: RpcRequest[];
  let answer: { response?: unknown; err?: unknown };
  beforeEach(() => {
    broker = new InMemoryRpcBroker();
    sent = [];
    answer = { response: { said: 'hi' } };
    broker.register(echo.subject, (data, respond) => {
      sent.push(data as RpcRequest);
      respond({ ...answer, isDisposed: true });
    });
  });
  const callerWith = (timeoutMs: number) => new RpcCaller(new InMemoryRpcClient(broker), timeoutMs, 'gateway');

  it('as its timeout from when it was sent, in epoch milliseconds', async () => {
    const before = Date.now();
    await callerWith(5000).call(echo, { word: 'hi' });
    await callerWith(5000).call(echo, { word: 'hi' }, undefined, { timeoutMs: 60_000 });
    const after = Date.now();
    expect(sent[0].meta.deadline).toBeGreaterThanOrEqual(before + 5000);
    expect(sent[0].meta.deadline).toBeLessThanOrEqual(after + 5000);
    expect(sent[1].meta.deadline).toBeGreaterThanOrEqual(before + 60_000);
    expect(sent[1].meta.deadline).toBeLessThanOrEqual(after + 60_000);
  });

  it('passes on the deadline of the call being answered when that comes first', async () => {
    const soon = Date.now() + 1000;
    const late = Date.now() + 600_000;
    await runWithRequestContext({ requestId: 'r1', deadline: soon }, () => callerWith(60_000).call(echo, { word: 'hi' }));
    await runWithRequestContext({ requestId: 'r2', deadline: late }, () => callerWith(60_000).call(echo, { word: 'hi' }));
    expect(sent[0].meta).toMatchObject({ requestId: 'r1', deadline: soon });
    expect(sent[1].meta.deadline).toBeLessThan(late);
  });

  it("to its caller, a service's answer that the deadline passed is a call that did not answer in time", async () => {
    answer = { err: deadlineExceeded().toWire() };
    await expect(callerWith(5000).call(echo, { word: 'hi' })).rejects.toMatchObject({
      code: ErrorCode.UNAVAILABLE,
      message: 'The test service did not answer in time. Please try again.',
    });
  });

  it('is read from the meta only as a finite number', () => {
    expect(deadlineOf({ requestId: 'r', deadline: 1_800_000_000_000 })).toBe(1_800_000_000_000);
    expect(deadlineOf({ requestId: 'r' })).toBeUndefined();
    expect(deadlineOf({ requestId: 'r', deadline: '1800000000000' as unknown as number })).toBeUndefined();
    expect(deadlineOf(undefined)).toBeUndefined();
    expect(callDeadline(5000, undefined, 1000)).toBe(6000);
    expect(callDeadline(5000, 3000, 1000)).toBe(3000);
    expect(isPast(undefined, 1000)).toBe(false);
    expect(isPast(1000, 1000)).toBe(true);
    expect(isPast(1001, 1000)).toBe(false);
  });
});

class Handlers {
  @MessagePattern('test.echo')
  echo(): void {
    // Only its metadata is read.
  }
}

describe(RpcContextInterceptor.name, () => {
  const sut = new RpcContextInterceptor();
  let ran: boolean;
  /** Stands for the handler: notes that it ran and what request context it ran in. */
  const handler: CallHandler = {
    handle: () =>
      defer(() => {
        ran = true;
        return of(currentRequestContext());
      }),
  };
  const intercept = (request: unknown) => firstValueFrom(sut.intercept(new ExecutionContextHost([request], Handlers, Handlers.prototype.echo), handler));
  const refusedBefore = () =>
    rpcDeadlineExceeded.get().then((m) => m.values.find((v) => v.labels.subject === 'test.echo' && v.labels.stage === 'before')?.value ?? 0);
  beforeEach(() => {
    ran = false;
  });

  it('runs a call without a deadline (a caller from before deadlines) as before', async () => {
    await expect(intercept({ meta: { requestId: 'r1', callerId: 'u1' }, body: {} })).resolves.toEqual({ requestId: 'r1', callerId: 'u1', deadline: undefined });
    expect(ran).toBe(true);
  });

  it('runs a call before its deadline, with the deadline in its context for its reads and calls', async () => {
    const deadline = Date.now() + 60_000;
    await expect(intercept({ meta: { requestId: 'r2', deadline }, body: {} })).resolves.toMatchObject({ requestId: 'r2', deadline });
    expect(ran).toBe(true);
  });

  it('does not run a call past its deadline: it answers RPC.DEADLINE_EXCEEDED and is counted', async () => {
    const counted = await refusedBefore();
    await expect(intercept({ meta: { requestId: 'r3', deadline: Date.now() - 1 }, body: {} })).rejects.toMatchObject({ code: RpcError.DEADLINE_EXCEEDED });
    expect(ran).toBe(false);
    expect(await refusedBefore()).toBe(counted + 1);
  });
});
