export * from './job-queue.port';
export * from './in-process.job-queue';
export * from './bullmq.job-queue';
export * from './repeating-sweep';
