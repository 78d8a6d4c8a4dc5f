module.exports = { ...require('../../jest.preset.js'), displayName: 'users-service', rootDir: __dirname };
