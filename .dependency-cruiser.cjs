/**
 * The module map, enforced (npm run deps:check: npx depcruise api config modules ops platform relay versions scripts examples).
 * test/architecture/boundaries.spec.ts runs these rules in `npm test`, on the code and on
 * fixtures that break each rule once. Tests (test/, *.test.ts) may import deeply: the
 * rules are for the code that ships. docs/architecture.md tells the map in words.
 */
module.exports = {
  forbidden: [
    {
      name: 'modules-through-doors',
      comment: 'A module is used through its index.ts only: its other files are its own business.',
      severity: 'error',
      from: { path: '^modules/([^/]+)/' },
      to: { path: '^modules/', pathNot: ['^modules/$1/', '^modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'roots-through-doors',
      comment: 'The composition roots and the scripts reach a module through its index.ts too.',
      severity: 'error',
      from: { path: '^(api|relay|ops|scripts|examples)/' },
      to: { path: '^modules/', pathNot: '^modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'platform-imports-no-module',
      comment: 'The kernel (platform/) is generic: it knows no module, no composition root, no relay.',
      severity: 'error',
      from: { path: '^platform/' },
      to: { path: '^(modules|api|relay|ops)/' },
    },
    {
      name: 'ops-sees-platform-and-doors',
      comment: 'The operators\' program (ops/) is a composition root of its own: it wires the platform and modules\' doors, '
        + 'as api/ and relay/ do, and imports neither of them, nor scripts/ (a verb runs in the image, where scripts/ is not); '
        + 'and no other code imports it.',
      severity: 'error',
      from: { path: '^ops/' },
      to: { path: '^(api|relay|versions|scripts|examples)/' },
    },
    {
      name: 'nothing-imports-ops',
      comment: 'A verb is an entry point like a route: the code that ships never depends on the operators\' program. '
        + 'scripts/ops.ts, which runs it locally (`npm run ops`) after finding the local stack, is its one launcher.',
      severity: 'error',
      from: { path: '^(api|relay|modules|platform|versions|scripts|examples)/', pathNot: '^scripts/ops\\.ts$' },
      to: { path: '^ops/' },
    },
    {
      name: 'modules-get-their-own-section',
      comment: 'The whole configuration (config/) is loaded by the composition roots only. A module is handed the platform\'s '
        + 'sections and its own (its <m>.config.ts), so it cannot read another owner\'s settings; the kernel knows no module\'s.',
      severity: 'error',
      from: { path: '^(modules|platform|versions)/' },
      to: { path: '^config/' },
    },
    {
      name: 'relay-imports-no-domain-module',
      comment: 'The relay knows no domain: of modules/ it uses only the webhooks door (the delivery records). '
        + 'Its composition root, relay/main.ts, wires the ports it needs from other doors.',
      severity: 'error',
      from: { path: '^relay/', pathNot: '^relay/main\\.ts$' },
      to: { path: '^modules/', pathNot: '^modules/webhooks/index\\.ts$' },
    },
    {
      name: 'webhooks-imports-no-module',
      comment: 'The webhooks module is what the relay may see of modules/, so it sees no other module.',
      severity: 'error',
      from: { path: '^modules/webhooks/' },
      to: { path: '^modules/', pathNot: '^modules/webhooks/' },
    },
    {
      name: 'versions-see-only-the-platform',
      comment: 'A version change reshapes JSON bodies at the edge: it knows the wire shapes, not the modules that make them.',
      severity: 'error',
      from: { path: '^versions/' },
      to: { path: '^(modules|api|relay)/' },
    },
    {
      name: 'use-cases-through-faces',
      comment: 'Inside the applications module a use-case folder (create, change, read, recurrence, decision, expiry, store) '
        + 'reaches another only through that folder\'s index.ts: what a use case keeps inside is its own business.',
      severity: 'error',
      from: { path: '^modules/applications/([^/]+)/' },
      to: { path: '^modules/applications/[^/]+/', pathNot: ['^modules/applications/$1/', '^modules/applications/[^/]+/index\\.ts$'] },
    },
    {
      name: 'only-the-store-touches-collections',
      comment: 'Of the applications module, only store/ talks to MongoDB; the use cases ask its repository by intent.',
      severity: 'error',
      from: { path: '^modules/applications/', pathNot: '^modules/applications/store/' },
      to: { path: '(^|/)node_modules/mongodb/' },
    },
    {
      name: 'order-rules-are-pure',
      comment: 'The order\'s rules are pure functions: they import no other module and no I/O (store, Kafka, HTTP).',
      severity: 'error',
      from: { path: '^modules/order-rules/' },
      to: { path: ['^modules/', '(^|/)node_modules/(mongodb|kafkajs|koa|@koa)/'], pathNot: '^modules/order-rules/' },
    },
    {
      name: 'no-module-cycles',
      comment: 'Modules depend one way, as folders: A importing B\'s door while B imports A\'s is a cycle even when no '
        + 'file cycle exists (no-cycles sees files); it makes the two one module with two doors. Reported from each module in it.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^modules/[^/]+$' },
      to: { path: '^modules/[^/]+$', circular: true },
    },
    {
      name: 'no-cycles',
      comment: 'Files depend one way: a cycle makes load order matter and boundaries meaningless.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules stay in the graph as leaves (doNotFollow), so a rule can name a package
    exclude: { path: '(^|/)test/|\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    parser: 'swc',
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.json'] },
  },
};
