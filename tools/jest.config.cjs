/** The build's own plugins, checked on what `npm run build` wrote (npm test builds first). */
module.exports = {
  rootDir: __dirname,
  displayName: 'tools',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
};
