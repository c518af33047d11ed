// Runs only the suites named on the command line (the root .mocharc.cjs adds every suite):
//   npx mocha --config test/e2e/mocharc.cjs test/e2e/*.spec.ts test/security/tenancy.spec.ts
module.exports = {
  'node-option': ['import=tsx'],
  require: ['test/setup/global.ts'],
  timeout: 30000,
  exit: true,
};
