module.exports = require('../tools/jest.web.cjs')(__dirname);
