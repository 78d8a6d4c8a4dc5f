module.exports = { ...require('../../jest.preset.js'), displayName: 'photo-validation-service', rootDir: __dirname };
