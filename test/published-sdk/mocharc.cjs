// npm run test:published-sdk: the published-SDK Journey alone (it builds a Maven project and
// also runs in `npm test`). Services as for `npm test`.
module.exports = {
  'node-option': ['import=tsx'],
  require: ['test/setup/global.ts'],
  timeout: 20 * 60_000,
  exit: true,
};
