import { RouteContract, Routes } from '@curbside/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { HttpRequest } from './http-request';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract of an API route (libs/contracts); absent on the SPA's and the API reference's own files. */
    contract?: RouteContract;
  }
}

/**
 * A contract's path as Fastify's router spells it: a named wildcard (`/api/media/*key`, Express's form, which the
 * client and the API document use) is Fastify's `*`, whose value is the rest of the path.
 */
export function routerPath(path: string): string {
  return path.replace(/\*[A-Za-z]+$/, '*');
}

const CONTRACTS = new Map((Object.values(Routes) as RouteContract[]).map((route) => [`${route.method.toUpperCase()} ${routerPath(route.path)}`, route]));

/**
 * Ties each API route, as NestJS adds it, to its contract: the named wildcard in the router's spelling, a larger
 * JSON body where the contract allows one (`largeJson`), and the contract itself in the route's config, where the
 * metrics (its path, never the URL), the error filter (a 413's words) and the admission gate read it.
 */
export function bindRouteContracts(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    route.url = routerPath(route.url);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const contract = methods.map((method) => CONTRACTS.get(`${method} ${route.url}`)).find(Boolean);
    if (!contract) return;
    route.config = { ...route.config, contract };
    if (contract.largeJson) route.bodyLimit = contract.largeJson.maxBytes;
  });
}

/** The contract of the route a request matched, if it is an API route. */
export function routeContractOf(request: Pick<HttpRequest, 'routeOptions'>): RouteContract | undefined {
  return request.routeOptions?.config?.contract;
}
