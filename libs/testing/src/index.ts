export * from './api-client';
export * from './event-stream';
export * from './wait-for';
export * from './test-infrastructure';
export * from './service-under-test';
export * from './scripted-delivery';
export * from './push-receiver';
export * from './mail-receiver';
