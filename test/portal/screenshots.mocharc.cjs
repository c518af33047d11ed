// npm run -s portal:screenshots: remakes docs/portal/*.png (not part of npm test)
module.exports = {
  'node-option': ['import=tsx'],
  spec: ['test/portal/screenshots.make.ts'],
  require: ['test/setup/global.ts'],
  timeout: 240000,
  exit: true,
};
