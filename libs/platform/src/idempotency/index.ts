export * from './idempotency.store';
export * from './postgres.idempotency-store';
export * from './idempotent-calls';
export * from './idempotent.interceptor';
export * from './create-idempotency-keys-table.migration';
