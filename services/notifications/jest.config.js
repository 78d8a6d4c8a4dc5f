module.exports = { ...require('../../jest.preset.js'), displayName: 'notifications-service', rootDir: __dirname };
