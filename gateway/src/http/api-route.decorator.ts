import { applyDecorators, Delete, Get, HttpCode, Patch, Post, Put, SetMetadata } from '@nestjs/common';
import { successStatus, type RouteContract } from '@curbside/contracts';

export const ROUTE_CONTRACT = Symbol('ROUTE_CONTRACT');

const METHODS = { get: Get, post: Post, patch: Patch, put: Put, delete: Delete } as const;

/**
 * Binds a handler to its contract: method, path, auth and the success status come from libs/contracts, never
 * retyped here. The API document (docs/openapi.ts) reads the same status, so what it says is what is sent.
 */
export function ApiRoute(route: RouteContract): MethodDecorator {
  return applyDecorators(METHODS[route.method](route.path), HttpCode(successStatus(route)), SetMetadata(ROUTE_CONTRACT, route));
}
