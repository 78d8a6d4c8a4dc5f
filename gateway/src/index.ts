export { createGatewayApp } from './create-gateway-app';
export type { GatewayOptions } from './gateway.module';
