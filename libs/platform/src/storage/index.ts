export * from './object-storage.port';
export * from './local-folder.storage';
export * from './minio.storage';
export * from './delete-stored';
