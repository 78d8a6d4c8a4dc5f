import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CallContract,
  CallReply,
  CallRequest,
  DomainError,
  ERROR_STATUS,
  ErrorCode,
  describeIssues,
  parseOrThrow,
  RpcError,
  type RpcRequest,
} from '@curbside/contracts';
import { rpcHandlerDuration } from '../metrics/metrics';
import { inCallContext } from './rpc-context.interceptor';

type Answer<C extends CallContract> = CallReply<C> | Promise<CallReply<C>>;
type Handler<C extends CallContract> = (request: CallRequest<C>) => Answer<C>;

/** Codes any call may answer with: the common ones and the transport's (a read stopped at the deadline). */
const SHARED_CODES = new Set<string>([...Object.values(ErrorCode), ...Object.values(RpcError)]);

/**
 * Under test (NODE_ENV=test, as Jest sets it) every handler's answer is held to its contract: a reply its schema
 * does not describe, or an error code the contract does not list, fails the call loudly. In production the reply is
 * trusted (parsing it again would cost the hot path) and the request is always parsed.
 */
function checking(): boolean {
  return process.env.NODE_ENV === 'test';
}

function breach(contract: CallContract, what: string): Error {
  return new Error(`${contract.subject} broke its call contract: ${what}`);
}

function checkReply(contract: CallContract, reply: unknown): void {
  const result = contract.reply.safeParse(reply);
  if (!result.success) throw breach(contract, `the reply does not match its schema (${describeIssues(result.error)})`);
}

function checkError(contract: CallContract, err: unknown): void {
  if (!(err instanceof DomainError) || SHARED_CODES.has(err.code) || contract.errors.includes(err.code)) return;
  throw breach(contract, `it answered ${err.code} (${ERROR_STATUS[err.code]}), which the contract does not list`);
}

/**
 * Makes a method the handler of one call contract: it listens on the contract's subject, receives the body parsed by
 * the contract's request schema (a bad body is a VALIDATION_FAILED refusal) with the caller's meta, and must return
 * what the contract's reply describes. The compiler holds the method to the contract's types.
 */
export function Handles<C extends CallContract>(contract: C) {
  return <M extends Handler<C>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>): void => {
    const original = descriptor.value;
    if (!original) throw new Error(`@Handles(${contract.subject}) must decorate a method`);
    const answer = async function (this: unknown, request: RpcRequest): Promise<CallReply<C>> {
      const body = parseOrThrow(contract.request, request.body) as CallRequest<C>['body'];
      if (!checking()) return original.call(this, { meta: request.meta, body });
      try {
        const reply = await original.call(this, { meta: request.meta, body });
        checkReply(contract, reply);
        return reply;
      } catch (err) {
        checkError(contract, err);
        throw err;
      }
    };
    // Timed here, around every handler, so each service's /metrics has its handlers' time by subject.
    const timed = async function (this: unknown, request: RpcRequest): Promise<CallReply<C>> {
      const started = performance.now();
      let outcome = 'error';
      try {
        const reply = await answer.call(this, request);
        outcome = 'ok';
        return reply;
      } finally {
        rpcHandlerDuration.observe({ subject: contract.subject, outcome }, (performance.now() - started) / 1000);
      }
    };
    // In the call's context (request id, caller, deadline), refused unrun past its deadline.
    const handler = function (this: unknown, request: RpcRequest): Promise<CallReply<C>> {
      return inCallContext(contract.subject, request, () => timed.call(this, request));
    };
    // Other decorators (interceptors, guards) may already have left their metadata on the method, and some read its
    // name (the idempotency interceptor names the operation by it): the wrapper carries both.
    for (const metadataKey of Reflect.getMetadataKeys(original)) {
      Reflect.defineMetadata(metadataKey, Reflect.getMetadata(metadataKey, original), handler);
    }
    Object.defineProperty(handler, 'name', { value: original.name });
    descriptor.value = handler as unknown as M;
    MessagePattern(contract.subject)(target, key, descriptor);
    Payload()(target, key, 0);
  };
}
