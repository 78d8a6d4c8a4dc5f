import { Controller, Res } from '@nestjs/common';
import { HealthReport, Routes, Rpc, SERVICE_NAMES } from '@curbside/contracts';
import type { Response } from 'express';
import { ApiRoute } from '../http/api-route.decorator';
import { ServiceClient } from '../http/service-client';

const HEALTH_TIMEOUT_MS = 2000;

/** Asks every service for its own checks (database, event bus, …); 503 when any is down. */
@Controller()
export class HealthController {
  constructor(private readonly services: ServiceClient) {}

  @ApiRoute(Routes.health)
  async health(@Res({ passthrough: true }) response: Response) {
    const entries = await Promise.all(
      SERVICE_NAMES.map(async (service) => {
        try {
          return [service, await this.services.call<HealthReport>(Rpc.health(service), {}, undefined, HEALTH_TIMEOUT_MS)] as const;
        } catch (err) {
          return [service, { status: 'down' as const, checks: { reachable: { status: 'down', detail: (err as Error).message } } }] as const;
        }
      }),
    );
    const services = Object.fromEntries(entries);
    const ok = entries.every(([, report]) => report.status === 'ok');
    response.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'degraded', services };
  }
}
