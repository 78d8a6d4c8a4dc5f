// Shared Jest settings: TypeScript through SWC (decorator metadata on), workspace libs mapped to their sources.
const path = require('node:path');
const root = __dirname;

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', { swcrc: false, ...require('./swc-jest.config.js') }],
  },
  moduleNameMapper: {
    '^@curbside/(contracts|platform|testing)$': path.join(root, 'libs/$1/src/index.ts'),
    '^@curbside/gateway$': path.join(root, 'gateway/src/index.ts'),
    '^@curbside/(.*)-service$': path.join(root, 'services/$1/src/index.ts'),
  },
  setupFiles: [path.join(root, 'jest.setup.js')],
  // Integration suites boot PGlite or real servers; a loaded 2-core machine needs room.
  testTimeout: 30_000,
  testMatch: ['**/?(*.)+(spec|medium-spec|int-spec).ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  moduleFileExtensions: ['ts', 'js', 'json'],
};
