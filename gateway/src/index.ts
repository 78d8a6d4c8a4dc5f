export { createGatewayApp } from './create-gateway-app';
export type { GatewayOptions } from './gateway.module';
export { RedisThrottlerStorage } from './rate-limit/redis-throttler.storage';
export { buildOpenApiDocument } from './docs/openapi';
