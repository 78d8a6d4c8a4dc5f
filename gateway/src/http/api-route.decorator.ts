import { applyDecorators, Delete, Get, Patch, Post, Put, SetMetadata } from '@nestjs/common';
import type { RouteContract } from '@curbside/contracts';

export const ROUTE_CONTRACT = Symbol('ROUTE_CONTRACT');

const METHODS = { get: Get, post: Post, patch: Patch, put: Put, delete: Delete } as const;

/** Binds a handler to its contract: method, path and auth come from libs/contracts, never retyped here. */
export function ApiRoute(route: RouteContract): MethodDecorator {
  return applyDecorators(METHODS[route.method](route.path), SetMetadata(ROUTE_CONTRACT, route));
}
