module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'launcher',
  rootDir: __dirname,
  // The stack tests' answers are recorded and replayed against the API document at the end (test/api-traffic.*).
  globalSetup: '<rootDir>/test/api-traffic.global-setup.ts',
  globalTeardown: '<rootDir>/test/api-traffic.global-teardown.ts',
};
