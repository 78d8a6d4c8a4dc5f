import { AsyncLocalStorage } from 'node:async_hooks';

/** The request id (and caller) of the HTTP request being served, carried across NATS in RpcMeta. */
export interface RequestContext {
  requestId: string;
  callerId?: string;
  /** The hash of the caller's device cookie, when the browser has one (RpcMeta.device). */
  device?: string;
  /** The deadline of the call being answered (RpcMeta.deadline): its reads stop there, its own calls inherit it. */
  deadline?: number;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Notes the device of the request being served (the gateway reads it after the cookies are parsed). */
export function noteRequestDevice(device: string): void {
  const context = storage.getStore();
  if (context) context.device = device;
}
