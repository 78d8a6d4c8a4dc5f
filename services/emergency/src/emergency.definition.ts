import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, ServiceDefinition, ServiceRuntime } from '@curbside/platform';
import { EmergencyAccessService } from './access/emergency-access.service';
import { AuditLog } from './audit/audit-log';
import { EmergencyController } from './emergency.controller';
import { ElevationsRepository } from './elevation/elevations.repository';
import { CreateAuditLog1763800000500 } from './migrations/1763800000500-create-audit-log';
import { CreateElevations1764100000600 } from './migrations/1764100000600-create-elevations';

@Module({})
export class EmergencyModule {
  static register(runtime: ServiceRuntime): DynamicModule {
    return {
      module: EmergencyModule,
      imports: [PlatformModule.forService(runtime)],
      controllers: [EmergencyController],
      providers: [AuditLog, ElevationsRepository, EmergencyAccessService],
    };
  }
}

/** Admin emergency lookup and its append-only, hash-chained audit log (docs/architecture.md, docs/security.md). */
export const emergencyService: ServiceDefinition = {
  name: 'emergency',
  entities: [],
  migrations: [CreateAuditLog1763800000500, CreateElevations1764100000600],
  module: (runtime) => EmergencyModule.register(runtime),
};
