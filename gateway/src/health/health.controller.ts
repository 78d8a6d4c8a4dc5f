import { Controller, Inject, Res } from '@nestjs/common';
import { healthCall, HealthReport, Routes, SERVICE_NAMES, ServiceName } from '@curbside/contracts';
import { OBJECT_STORAGE, ObjectStorage } from '@curbside/platform';
import type { HttpReply } from '../http/http-request';
import { ApiRoute } from '../http/api-route.decorator';
import { ServiceClient } from '../http/service-client';

const HEALTH_TIMEOUT_MS = 2000;

/** The gateway's own dependencies and every service's checks (database, event bus, …); 503 when any is down. */
@Controller()
export class HealthController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @ApiRoute(Routes.health)
  async health(@Res({ passthrough: true }) reply: HttpReply) {
    const reports: [string, HealthReport][] = await Promise.all([
      this.gatewayReport().then((report) => ['gateway', report] as [string, HealthReport]),
      ...SERVICE_NAMES.map(async (service) => [service, await this.serviceReport(service)] as [string, HealthReport]),
    ]);
    const ok = reports.every(([, report]) => report.status === 'ok');
    reply.code(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'degraded', services: Object.fromEntries(reports) };
  }

  private async serviceReport(service: ServiceName): Promise<HealthReport> {
    try {
      // Which replica answered is for operators on the inside, not for the public health page.
      const { status, checks } = await this.services.call(healthCall(service), {}, undefined, HEALTH_TIMEOUT_MS);
      return { status, checks };
    } catch (err) {
      return { status: 'down', checks: { reachable: { status: 'down', detail: (err as Error).message } } };
    }
  }

  private async gatewayReport(): Promise<HealthReport> {
    try {
      await this.storage.health();
      return { status: 'ok', checks: { objectStorage: { status: 'ok' } } };
    } catch (err) {
      return { status: 'down', checks: { objectStorage: { status: 'down', detail: (err as Error).message } } };
    }
  }
}
