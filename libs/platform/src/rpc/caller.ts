import { DomainError, ErrorCode, RpcRequest } from '@curbside/contracts';

/** The acting user of a service call: the gateway's session user, never an id from the body. */
export function callerOf(request: RpcRequest): string {
  const callerId = request.meta?.callerId;
  if (!callerId) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Please sign in first');
  return callerId;
}
