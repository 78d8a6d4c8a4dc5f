import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { loadConfig } from '@curbside/platform';
import { Routes, type RouteContract } from '@curbside/contracts';
import { GatewayModule, type GatewayOptions } from '../gateway.module';
import { ROUTE_CONTRACT } from './api-route.decorator';
import { readIdempotencyKey } from './idempotency-key.decorator';

type Handler = { controller: string; method: string; route: RouteContract; readsKey: boolean };

/** Every handler of the gateway with its route contract, and whether it reads the Idempotency-Key header. */
function handlers(): Handler[] {
  const module = GatewayModule.register({ config: loadConfig({}, {}) } as GatewayOptions);
  const found: Handler[] = [];
  for (const controller of module.controllers ?? []) {
    for (const method of Object.getOwnPropertyNames(controller.prototype)) {
      const route = Reflect.getMetadata(ROUTE_CONTRACT, controller.prototype[method]) as RouteContract | undefined;
      if (!route) continue;
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, { factory?: unknown }>;
      found.push({ controller: controller.name, method, route, readsKey: Object.values(args).some((arg) => arg.factory === readIdempotencyKey) });
    }
  }
  return found;
}

describe('Idempotency-Key routes', () => {
  it('is read by exactly the handlers whose route contract takes it (the API document says so from the contract)', () => {
    const all = handlers();
    const mismatched = all.filter((h) => h.readsKey !== (h.route.idempotencyKey === true)).map((h) => `${h.controller}.${h.method} ${h.route.path}`);

    expect(mismatched).toEqual([]);
    const keyed = Object.values(Routes as Record<string, RouteContract>).filter((r) => r.idempotencyKey);
    expect(keyed.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      all
        .filter((h) => h.readsKey)
        .map((h) => `${h.route.method} ${h.route.path}`)
        .sort(),
    );
    // The calls that create something a retry must not create twice.
    expect(keyed.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'patch /api/items/:id/claim',
      'post /api/items',
      'post /api/items/:id/comments',
      'post /api/push/subscriptions',
      'post /api/reports',
      'post /api/rewards/:rewardId/redeem',
      'post /api/saved-searches',
      'post /api/upload',
      'post /api/users/:userId/perks/:redemptionId/use',
    ]);
  });
});
