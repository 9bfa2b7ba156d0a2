/** Jest setup for the front-end projects: jsdom, swc with React's automatic runtime, workspace aliases. */
const { join } = require('node:path');
const root = join(__dirname, '..');

module.exports = (projectDir) => ({
  rootDir: projectDir,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  setupFilesAfterEnv: [join(root, 'libs/web-core/test-setup.ts')],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // A few antd dependencies ship ESM files inside their CommonJS builds: transform those.
  transformIgnorePatterns: ['/node_modules/(?!(@ant-design|@rc-component|rc-[a-z-]+|@babel/runtime)/)'],
  moduleNameMapper: {
    '^@portal/([a-z-]+)$': join(root, 'libs/$1/src/index.ts'),
    '^@portal/([a-z-]+)/testing$': join(root, 'libs/$1/src/testing/index.ts'),
    '^@module-federation/enhanced/runtime$': join(root, 'tools/mf-runtime.mock.cjs'),
    // antd's locales in their CommonJS build (the ES one is only for bundlers): switching language loads one.
    '^antd/es/locale/(.*)$': 'antd/lib/locale/$1',
  },
  testTimeout: 20000,
  // antd's motion timers outlive the tests in jsdom; nothing is left running that matters.
  forceExit: true,
});
