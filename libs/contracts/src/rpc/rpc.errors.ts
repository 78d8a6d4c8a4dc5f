import { defineErrors } from '../errors/define-errors';

/**
 * Refusals of the call transport itself, which any call may answer with: a call whose caller's deadline
 * (RpcMeta.deadline) passed before it ran, or while its read was running, is not worked on any further.
 */
export const RpcErrorSet = defineErrors('RPC', {
  DEADLINE_EXCEEDED: 503,
});
export const RpcError = RpcErrorSet.codes;
