module.exports = { ...require('../jest.preset.js'), displayName: 'infra', rootDir: __dirname };
