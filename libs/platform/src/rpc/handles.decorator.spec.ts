import 'reflect-metadata';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { CallRequest, DomainError, defineCall, ErrorCode, ItemError, RewardError } from '@curbside/contracts';
import { z } from 'zod';
import { currentRequestContext } from '../logging/request-context';
import { rpcDeadlineExceeded } from '../metrics/metrics';
import { Handles } from './handles.decorator';

const echo = defineCall({
  subject: 'test.echo',
  request: z.object({ word: z.string().min(1), times: z.number().int().default(1) }),
  reply: z.object({ said: z.string() }),
  errors: [ItemError.NOT_FOUND],
});

class EchoController {
  answer: unknown = undefined;
  failure: DomainError | undefined;
  /** The request context each call ran in. */
  contexts: unknown[] = [];

  @Handles(echo)
  say(request: CallRequest<typeof echo>) {
    this.contexts.push(currentRequestContext());
    if (this.failure) throw this.failure;
    return (this.answer as { said: string } | undefined) ?? { said: request.body.word.repeat(request.body.times) };
  }
}

class Mismatched {
  // @ts-expect-error the contract's reply is { said: string }: the compiler refuses another answer
  @Handles(echo)
  say() {
    return { heard: 1 };
  }
}

/** The method as Nest calls it: with the request that came over the wire. */
const call = (sut: EchoController, request: unknown): Promise<unknown> => (sut.say as unknown as (r: unknown) => Promise<unknown>).call(sut, request);
const meta = { requestId: 'r1', callerId: 'u1' };

describe(Handles.name, () => {
  let sut: EchoController;
  beforeEach(() => {
    sut = new EchoController();
  });

  it('listens on the contract subject', () => {
    expect(Reflect.getMetadata(PATTERN_METADATA, EchoController.prototype.say)).toEqual(['test.echo']);
    expect(EchoController.prototype.say.name).toBe('say');
    expect(Mismatched).toBeDefined();
  });

  it('hands the method the body as its schema parsed it (defaults filled), with the meta', async () => {
    await expect(call(sut, { meta, body: { word: 'hi', times: 2 } })).resolves.toEqual({ said: 'hihi' });
    await expect(call(sut, { meta, body: { word: 'hi' } })).resolves.toEqual({ said: 'hi' });
  });

  it('refuses a body its schema does not describe as a validation failure', async () => {
    await expect(call(sut, { meta, body: { word: '' } })).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    await expect(call(sut, { meta, body: null })).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
  });

  it('lets the codes the contract lists and the shared ones through', async () => {
    sut.failure = new DomainError(ItemError.NOT_FOUND, 'Item not found');
    await expect(call(sut, { meta, body: { word: 'hi' } })).rejects.toBe(sut.failure);
    sut.failure = new DomainError(ErrorCode.UNAUTHENTICATED, 'Please sign in first');
    await expect(call(sut, { meta, body: { word: 'hi' } })).rejects.toBe(sut.failure);
  });

  it('under test, fails a call that answers a code its contract does not list', async () => {
    sut.failure = new DomainError(RewardError.LIMIT_REACHED, 'Limit reached');
    await expect(call(sut, { meta, body: { word: 'hi' } })).rejects.toThrow('test.echo broke its call contract: it answered REWARD.LIMIT_REACHED (409)');
  });

  it('under test, fails a reply its schema does not describe', async () => {
    sut.answer = { said: 42 };
    await expect(call(sut, { meta, body: { word: 'hi' } })).rejects.toThrow('test.echo broke its call contract: the reply does not match its schema');
  });

  it("runs the method in the call's context: the request id, the caller and the deadline from its meta", async () => {
    const deadline = Date.now() + 60_000;
    await call(sut, { meta: { requestId: 'r2', callerId: 'u2', deadline }, body: { word: 'hi' } });
    await call(sut, { meta: { requestId: 'r3' }, body: { word: 'hi' } });
    expect(sut.contexts).toEqual([
      { requestId: 'r2', callerId: 'u2', deadline },
      { requestId: 'r3', callerId: undefined, deadline: undefined },
    ]);
    expect(currentRequestContext()).toBeUndefined();
  });

  it('does not run a call past its deadline, nor read its body: it answers RPC.DEADLINE_EXCEEDED and is counted', async () => {
    const refused = async () =>
      (await rpcDeadlineExceeded.get()).values.find((v) => v.labels.subject === 'test.echo' && v.labels.stage === 'before')?.value ?? 0;
    const before = await refused();
    await expect(call(sut, { meta: { requestId: 'late', deadline: Date.now() - 1 }, body: { word: '' } })).rejects.toMatchObject({
      code: 'RPC.DEADLINE_EXCEEDED',
    });
    expect(sut.contexts).toEqual([]);
    expect(await refused()).toBe(before + 1);
  });
});
