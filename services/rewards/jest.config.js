module.exports = { ...require('../../jest.preset.js'), displayName: 'rewards-service', rootDir: __dirname };
