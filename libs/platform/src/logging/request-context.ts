import { AsyncLocalStorage } from 'node:async_hooks';

/** The request id (and caller) of the HTTP request being served, carried across NATS in RpcMeta. */
export interface RequestContext {
  requestId: string;
  callerId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}
