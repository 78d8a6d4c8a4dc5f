import type { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import type { AppName, RpcMeta } from './rpc';

/**
 * One service call over request/reply: its subject, what the caller sends, what the handler answers and the
 * error codes it may answer with. The caller (RpcCaller.call) and the handler (@Handles in libs/platform) take the
 * same object, so the compiler pairs subject, body and reply at both ends.
 */
export interface CallContract<Req extends z.ZodType = z.ZodType, Rep extends z.ZodType = z.ZodType> {
  readonly subject: string;
  readonly request: Req;
  readonly reply: Rep;
  /**
   * The codes of the call's own refusals; the shared codes (validation, sign-in, unavailable) and the transport's
   * (RPC.DEADLINE_EXCEEDED, rpc.errors.ts) go without saying.
   */
  readonly errors: readonly ErrorCode[];
  /**
   * The apps that may make the call, when not the gateway alone: an internal call names the services that ask it
   * (the emergency lookup's, say), and the gateway, whose process faces the internet, is left out of it. RpcCaller
   * refuses a call its app is not named for, and each app's NATS user may publish only the subjects of its calls
   * (libs/platform/src/net/nats-permissions.ts), so the rule holds in both modes.
   */
  readonly callers?: readonly AppName[];
}

/** Who may make a call: its `callers`, or the gateway alone. */
export function callersOf(contract: Pick<CallContract, 'callers'>): readonly AppName[] {
  return contract.callers ?? ['gateway'];
}

/** What a caller sends (before the handler's parsing: defaults may be left out). */
export type CallBody<C extends CallContract> = z.input<C['request']>;
/** What the caller gets back. */
export type CallReply<C extends CallContract> = z.output<C['reply']>;
/** What a handler receives: the gateway's meta and the body as its schema parsed it. */
export interface CallRequest<C extends CallContract> {
  meta: RpcMeta;
  body: z.output<C['request']>;
}

export function defineCall<Req extends z.ZodType, Rep extends z.ZodType>(contract: CallContract<Req, Rep>): CallContract<Req, Rep> {
  return contract;
}
