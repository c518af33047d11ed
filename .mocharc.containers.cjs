// Container tests (`npm run test:containers`, through scripts/images/test-containers.sh,
// which starts the engine, builds the images and provides the local stack): the service
// image against the local stack, the sandbox image through the testcontainers module.
// Not part of `npm test`: these need a Docker engine and the images.
module.exports = {
  'node-option': ['import=tsx'],
  spec: ['test/containers/**/*.test.ts', 'clients/testcontainers-node/test/**/*.test.ts'],
  timeout: 180000,
  exit: true,
};
