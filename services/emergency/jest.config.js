module.exports = { ...require('../../jest.preset.js'), displayName: 'emergency-service', rootDir: __dirname };
