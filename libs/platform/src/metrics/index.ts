export * from './metrics';
export * from './metrics-server';
