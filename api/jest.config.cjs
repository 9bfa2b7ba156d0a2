/** API tests: unit specs beside the code, end-to-end specs in test/ against a real database (TEST_DB=sqlite|mysql). */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  // Fault tests start and stop their own MariaDB server: run with FAULT_TESTS=1 (the MySQL pass of npm test does).
  testMatch: [
    '<rootDir>/src/**/*.spec.ts',
    '<rootDir>/test/**/*.e2e-spec.ts',
    ...(process.env.FAULT_TESTS === '1' ? ['<rootDir>/test/**/*.fault-spec.ts'] : []),
    // Several spec files in one module registry (scripts/test.mjs sets API_SPECS).
    ...(process.env.API_SPECS ? ['<rootDir>/test/support/specs.bundle.ts'] : []),
  ],
  transform: {
    '^.+\\.(t|j|mj)s$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // NestJS 12 ships ESM only: transform it (and its ESM dependencies) rather than run jest in VM-modules mode; so do the
  // OIDC client and its JOSE libraries, and the TOTP library's encoders.
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit|content-disposition|openid-client|oauth4webapi|jose|otplib|@otplib|@scure|@noble)/)',
  ],
  moduleNameMapper: {
    '^@portal/contracts$': '<rootDir>/../libs/contracts/src/index.ts',
    // file-type 21 (the Node-20 line) exports its entry under 'import' and 'module-sync' only, neither of which jest's
    // CommonJS resolver asks for: its ES module, transformed above like Nest's.
    '^file-type$': '<rootDir>/../node_modules/file-type/index.js',
  },
  testTimeout: 30000,
};
