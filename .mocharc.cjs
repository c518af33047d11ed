// Unit tests sit beside the code (*.test.ts); integration suites live in test/ and
// share one local stack that test/setup/global.ts brings up (or reuses).
module.exports = {
  'node-option': ['import=tsx'],
  spec: ['{platform,modules,relay,api,ops,scripts}/**/*.test.ts', 'clients/typescript/src/**/*.test.ts', 'test/**/*.spec.ts'],
  require: ['test/setup/global.ts'],
  timeout: 30000,
  exit: true,
};
