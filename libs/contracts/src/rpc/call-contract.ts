import type { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import type { RpcMeta } from './rpc';

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
