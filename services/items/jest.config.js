module.exports = { ...require('../../jest.preset.js'), displayName: 'items-service', rootDir: __dirname };
