// Dependency direction, enforced in `pnpm lint` (style.md rule 7). Layer rules look at run-time imports only
// (type-only imports vanish when compiled); the driver/transport bans look at every import, types included.

/** core's folders from the bottom up: a folder may import its own and lower folders at run time, never higher. */
const CORE_LAYERS = [
  'util',
  'errors',
  'di',
  'config',
  'filter',
  'model',
  'request',
  'plan',
  'dialect',
  'pipeline',
  'cache',
  'plugin',
  'protocol',
  'auth',
  'boot',
]

const coreLayerRules = CORE_LAYERS.map((layer, i) => ({
  name: `core-layer-${layer}`,
  severity: 'error',
  comment: `packages/core/src/${layer} may not import the higher layers ${CORE_LAYERS.slice(i + 1).join(', ') || '(none)'} at run time`,
  from: { path: `^packages/core/src/${layer}/`, pathNot: '\\.test\\.ts$' },
  to: { path: `^packages/core/src/(${CORE_LAYERS.slice(i + 1).join('|') || '$^'})/`, preCompilationOnly: false },
})).filter((rule) => rule.to.path !== '^packages/core/src/($^)/')

// Matches both resolved (node_modules/x/…) and unresolvable (bare `x`) imports of these packages.
const DRIVERS_AND_TRANSPORTS =
  '(^|node_modules/)(fastify|@fastify|pino|pino-pretty|pg|pg-[a-z-]+|@electric-sql|mysql2|tedious|tarn|graphql|@envelop|@modelcontextprotocol|ioredis|redis|@redis)(/|$)'

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'an import cycle, type-only imports included: a newcomer must be able to read a module before its users',
      from: { path: '^(packages|conformance)/' },
      to: { circular: true },
    },
    {
      name: 'core-imports-no-driver-transport-or-plugin',
      severity: 'error',
      comment: 'core imports no plugin, no server, no fastify, no database driver, no GraphQL library',
      from: { path: '^packages/core/' },
      to: { path: [DRIVERS_AND_TRANSPORTS, '^packages/(plugin-[^/]+|server)/'] },
    },
    {
      name: 'only-server-imports-fastify',
      severity: 'error',
      comment: "fastify and pino are the server package's business (the bench may use fastify for its raw baselines)",
      from: { path: '^(packages|conformance)/', pathNot: '^packages/server/' },
      to: { path: '(^|node_modules/)(fastify|@fastify|pino|pino-pretty)(/|$)' },
    },
    {
      name: 'plugins-import-only-core',
      severity: 'error',
      comment: 'a plugin imports @sluice/core (and its own driver), never another plugin or the server',
      from: { path: '^packages/(plugin-[^/]+)/', pathNot: '^packages/plugin-pglite/' },
      to: { path: '^packages/(plugin-[^/]+|server)/', pathNot: '^packages/$1/' },
    },
    {
      name: 'pglite-reuses-only-the-postgres-sql-subpath',
      severity: 'error',
      comment: 'PGlite reuses the PostgreSQL family through the driver-free ./sql subpath only',
      from: { path: '^packages/plugin-pglite/src/' },
      to: {
        path: '^packages/(plugin-[^/]+|server)/',
        pathNot: ['^packages/plugin-pglite/', '^packages/plugin-postgres/src/sql/'],
      },
    },
    {
      name: 'postgres-sql-subpath-is-driver-free',
      severity: 'error',
      comment: 'plugin-postgres/src/sql is reused by other drivers: it imports no driver library',
      from: { path: '^packages/plugin-postgres/src/sql/' },
      to: { path: [DRIVERS_AND_TRANSPORTS, '^packages/plugin-postgres/src/(?!sql/)'] },
    },
    {
      name: 'no-own-index-import',
      severity: 'error',
      comment: 'inside a package, import the file you need, not the package index (style.md rule 5)',
      from: { path: '^(packages/[^/]+|conformance)/src/' },
      to: { path: '^$1/src/index\\.ts$' },
    },
    {
      name: 'src-never-imports-tests',
      severity: 'error',
      comment: 'source files never import test code or test support',
      from: { path: '^(packages/[^/]+|conformance)/src/', pathNot: '\\.test\\.ts$' },
      to: { path: ['/test/', '\\.test\\.ts$'] },
    },
    {
      name: 'no-unresolvable-imports',
      severity: 'error',
      comment: 'an import that does not resolve: a missing dependency in package.json, or a typo',
      from: {},
      to: { couldNotResolve: true },
    },
    ...coreLayerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    // 'specify' marks type-only imports (preCompilationOnly), which the layer and cycle rules ignore.
    tsPreCompilationDeps: 'specify',
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@sluice/source', 'import', 'node', 'default'],
    },
  },
}
