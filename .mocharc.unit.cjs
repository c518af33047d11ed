// Unit tests only: no Kafka, no MongoDB.
module.exports = {
  'node-option': ['import=tsx'],
  spec: ['{platform,modules,relay,api,scripts}/**/*.test.ts', 'clients/typescript/src/**/*.test.ts'],
  timeout: 10000,
};
