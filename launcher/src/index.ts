export * from './stack';
export * from './services';
