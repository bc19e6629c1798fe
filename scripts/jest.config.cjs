module.exports = require('../tooling/jest.node.cjs')(__dirname);
