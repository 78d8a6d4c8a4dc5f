import { hostname } from 'node:os';
import { Controller, Type } from '@nestjs/common';
import { Handles } from '../rpc/handles.decorator';
import { healthCall, HealthReport } from '@curbside/contracts';
import type { ServiceRuntime } from './service-runtime';

type Check = () => Promise<unknown>;

async function probe(check: Check): Promise<{ status: 'ok' | 'down'; detail?: string }> {
  try {
    await Promise.race([check(), new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 2000))]);
    return { status: 'ok' };
  } catch (err) {
    return { status: 'down', detail: err instanceof Error ? err.message : String(err) };
  }
}

/** `<service>.health`: the service's database and event bus, plus any checks the service adds. */
export function createHealthController(runtime: ServiceRuntime): Type<unknown> {
  @Controller()
  class HealthController {
    @Handles(healthCall(runtime.name))
    async health(): Promise<HealthReport> {
      const checks: Record<string, Check> = {
        database: () => runtime.dataSource.query('SELECT 1'),
        eventBus: () => runtime.infrastructure.bus.health(),
        ...runtime.extraHealthChecks,
      };
      const results = Object.fromEntries(await Promise.all(Object.entries(checks).map(async ([k, c]) => [k, await probe(c)] as const)));
      const status = Object.values(results).every((r) => r.status === 'ok') ? 'ok' : 'down';
      return { status, checks: results, instance: `${hostname()}:${process.pid}` };
    }
  }
  return HealthController;
}
