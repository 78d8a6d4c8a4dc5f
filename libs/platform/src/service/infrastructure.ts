import type { CustomTransportStrategy } from '@nestjs/microservices';
import type { ServiceName } from '@curbside/contracts';
import type { RpcClient } from '../rpc/rpc-caller';
import type { AppConfig } from '../config/config.schema';
import type { DatabaseTarget } from '../database/open-database';
import type { EventBus } from '../events/event-bus.port';
import type { JobQueue } from '../jobs/job-queue.port';
import type { LiveChannel } from '../live/live-channel.port';
import type { SmsSender } from '../sms/sms-sender.port';
import type { ObjectStorage } from '../storage/object-storage.port';

/**
 * The adapters a process runs on. Embedded mode builds one of these for the whole process (its own PostgreSQL, in-memory
 * bus and RPC, in-process queue, local folder); distributed mode builds one per process (Postgres, NATS,
 * BullMQ, MinIO or a folder). Services and the gateway only ever see the ports.
 */
export interface Infrastructure {
  mode: 'embedded' | 'distributed';
  config: AppConfig;
  database: DatabaseTarget;
  bus: EventBus;
  /** Signals every listening process hears (live pushes to open tabs); nothing stored. */
  live: LiveChannel;
  jobs: JobQueue;
  storage: ObjectStorage;
  sms: SmsSender;
  /** The request/reply transport a service listens on (queue group = service name). */
  rpcServer(service: ServiceName): CustomTransportStrategy;
  /** Request/reply to other services, for services that ask one another (the gateway has its own). */
  rpcClient: RpcClient;
  close(): Promise<void>;
}
