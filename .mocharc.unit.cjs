// Unit tests only: no Kafka, no MongoDB.
module.exports = {
  'node-option': ['import=tsx'],
  spec: ['{config,platform,modules,relay,api,ops,scripts}/**/*.test.ts', 'clients/typescript/src/**/*.test.ts'],
  timeout: 10000,
};
