module.exports = { ...require('../jest.preset.js'), displayName: 'bench', rootDir: __dirname };
