import { Ajv, type ValidateFunction } from 'ajv'
import { cacheLevelSchema, entitySchema, permissionsSchema } from './entity-schema.js'
import {
  anyOfSchema,
  booleanSchema,
  integerSchema,
  matchesLooseScalar,
  LOOSE_KEYWORD,
  mapSchema,
  nonEmptyStringSchema,
  objectSchema,
  stringArraySchema,
  stringSchema,
  wordSchema,
  type LooseScalar,
  type Schema,
} from './schema-builders.js'

/**
 * The JSON Schema of a Data API builder config (every key of dab.md §1.1, plus Sluice's top-level `host`). Objects
 * are closed so typos are caught; the only open objects are `data-source.options` (dialect-specific) and
 * `runtime.host.authentication` (provider plugins read extension keys). Shorthand forms are `anyOf` branches;
 * `formatSchemaErrors` reports only the branch matching the value's type.
 */
export const MCP_TOOL_NAMES = [
  'describe-entities',
  'create-record',
  'read-records',
  'update-record',
  'delete-record',
  'execute-entity',
  'aggregate-records',
] as const
export const LOG_LEVELS = ['trace', 'debug', 'information', 'warning', 'error', 'critical', 'none'] as const
const INT32_MAX = 2147483647

const dataSourceSchema = objectSchema(
  {
    'database-type': nonEmptyStringSchema,
    'connection-string': stringSchema,
    options: { type: 'object' },
    health: objectSchema(
      {
        enabled: booleanSchema,
        name: { type: ['string', 'null'] },
        'threshold-ms': integerSchema({ minimum: 1, maximum: INT32_MAX }),
      },
      { nullable: true },
    ),
    'user-delegated-auth': objectSchema({
      enabled: booleanSchema,
      provider: wordSchema(['EntraId']),
      'database-audience': stringSchema,
    }),
  },
  { required: ['database-type', 'connection-string'] },
)

const dmlToolSchema = anyOfSchema(
  booleanSchema,
  objectSchema({ enabled: booleanSchema, 'query-timeout': integerSchema({ minimum: 1, maximum: 600 }) }),
)

export const hostSchema = objectSchema({
  mode: wordSchema(['development', 'production'], { nullable: true }),
  'max-response-size-mb': integerSchema({ minimum: 1, maximum: 158, nullable: true, minusOne: true }),
  cors: objectSchema({ origins: stringArraySchema, 'allow-credentials': booleanSchema }, { nullable: true }),
  authentication: objectSchema(
    {
      provider: nonEmptyStringSchema,
      jwt: objectSchema({ audience: stringSchema, issuer: stringSchema }, { open: true }),
    },
    { nullable: true, open: true },
  ),
})

const telemetrySchema = objectSchema({
  'application-insights': objectSchema(
    { 'connection-string': stringSchema, enabled: booleanSchema },
    { required: ['connection-string'] },
  ),
  'open-telemetry': objectSchema(
    {
      endpoint: stringSchema,
      headers: stringSchema,
      'service-name': stringSchema,
      'exporter-protocol': wordSchema(['grpc', 'httpprotobuf']),
      enabled: booleanSchema,
    },
    { required: ['endpoint'] },
  ),
  'azure-log-analytics': objectSchema({
    enabled: booleanSchema,
    auth: objectSchema({
      'custom-table-name': { type: ['string', 'null'] },
      'dcr-immutable-id': { type: ['string', 'null'] },
      'dce-endpoint': { type: ['string', 'null'] },
    }),
    'dab-identifier': stringSchema,
    'flush-interval-seconds': integerSchema({ minimum: 1 }),
  }),
  file: objectSchema({
    enabled: booleanSchema,
    path: stringSchema,
    'rolling-interval': wordSchema(['Minute', 'Hour', 'Day', 'Month', 'Year', 'Infinite']),
    'retained-file-count-limit': integerSchema({ minimum: 1 }),
    'file-size-limit-bytes': integerSchema({ minimum: 1 }),
  }),
  'log-level': mapSchema(wordSchema(LOG_LEVELS, { nullable: true })),
})

const embeddingsSchema = objectSchema({
  enabled: booleanSchema,
  provider: wordSchema(['azure-openai', 'openai']),
  'base-url': stringSchema,
  'api-key': stringSchema,
  model: stringSchema,
  'api-version': stringSchema,
  dimensions: integerSchema({ minimum: 1 }),
  'timeout-ms': integerSchema({ minimum: 1 }),
  endpoint: objectSchema({ enabled: booleanSchema, path: stringSchema, roles: stringArraySchema }),
  health: { type: 'object' },
  cache: objectSchema({
    enabled: booleanSchema,
    'ttl-hours': integerSchema({ minimum: 1 }),
    'level-2': { type: 'object' },
  }),
  chunking: objectSchema({
    enabled: booleanSchema,
    'size-chars': integerSchema({ minimum: 1 }),
    'overlap-chars': integerSchema({ minimum: 0 }),
  }),
})

const pageSizeSchema = integerSchema({ minimum: 1, nullable: true, minusOne: true })

const runtimeSchema = objectSchema({
  rest: objectSchema({ enabled: booleanSchema, path: stringSchema, 'request-body-strict': booleanSchema }),
  graphql: objectSchema({
    enabled: booleanSchema,
    path: stringSchema,
    'allow-introspection': booleanSchema,
    'depth-limit': integerSchema({ minimum: 1, nullable: true, minusOne: true }),
    'enable-aggregation': booleanSchema,
    'multiple-mutations': objectSchema({ create: objectSchema({ enabled: booleanSchema }) }),
  }),
  mcp: objectSchema({
    enabled: booleanSchema,
    path: stringSchema,
    description: stringSchema,
    'allowed-hosts': stringArraySchema,
    'dml-tools': anyOfSchema(
      booleanSchema,
      objectSchema(Object.fromEntries(MCP_TOOL_NAMES.map((tool) => [tool, dmlToolSchema]))),
    ),
  }),
  host: hostSchema,
  pagination: objectSchema({
    'default-page-size': pageSizeSchema,
    'max-page-size': pageSizeSchema,
    'next-link-relative': booleanSchema,
  }),
  cache: objectSchema({
    enabled: booleanSchema,
    'ttl-seconds': integerSchema({ minimum: 1 }),
    'level-2': objectSchema({
      enabled: booleanSchema,
      provider: wordSchema(['redis']),
      'connection-string': stringSchema,
      partition: stringSchema,
    }),
  }),
  compression: objectSchema({ level: wordSchema(['optimal', 'fastest', 'none']) }),
  health: objectSchema(
    {
      enabled: booleanSchema,
      roles: stringArraySchema,
      'cache-ttl-seconds': integerSchema({ minimum: 0 }),
      'max-query-parallelism': integerSchema({ minimum: 1, maximum: 8 }),
    },
    { nullable: true },
  ),
  telemetry: telemetrySchema,
  embeddings: embeddingsSchema,
  'base-route': stringSchema,
  // Sluice's own (not in Data API builder): the bounds on the work one request can cause.
  limits: objectSchema({
    'max-query-cost': integerSchema({ minimum: 1, nullable: true, minusOne: true }),
    'max-statements-per-request': integerSchema({ minimum: 1, nullable: true, minusOne: true }),
    'statement-timeout-seconds': integerSchema({ minimum: 1, maximum: 86400, nullable: true, minusOne: true }),
    'pool-acquire-timeout-ms': integerSchema({ minimum: 1, maximum: 600000 }),
    'startup-retry-seconds': integerSchema({ minimum: 0, maximum: 86400 }),
  }),
  // Sluice's own: the bounds of live data (docs/realtime.md).
  subscriptions: objectSchema({
    'max-per-connection': integerSchema({ minimum: 1, maximum: 100000 }),
    'max-per-process': integerSchema({ minimum: 1, maximum: 10000000 }),
    'queue-size': integerSchema({ minimum: 1, maximum: 1000000 }),
    'heartbeat-seconds': integerSchema({ minimum: 1, maximum: 3600 }),
  }),
})

const azureKeyVaultSchema = objectSchema({
  endpoint: stringSchema,
  'retry-policy': objectSchema({
    mode: wordSchema(['fixed', 'exponential']),
    'max-count': integerSchema({ minimum: 0 }),
    'delay-seconds': integerSchema({ minimum: 1 }),
    'max-delay-seconds': integerSchema({ minimum: 1 }),
    'network-timeout-seconds': integerSchema({ minimum: 1 }),
  }),
})

const enabledOnly = objectSchema({ enabled: booleanSchema })
const autoentitySchema = objectSchema({
  patterns: objectSchema({ include: stringArraySchema, exclude: stringArraySchema, name: stringSchema }),
  template: objectSchema({
    mcp: anyOfSchema(booleanSchema, objectSchema({ 'dml-tools': booleanSchema })),
    rest: enabledOnly,
    graphql: enabledOnly,
    health: enabledOnly,
    cache: objectSchema({
      enabled: booleanSchema,
      'ttl-seconds': integerSchema({ minimum: 1, nullable: true }),
      level: cacheLevelSchema,
    }),
  }),
  permissions: permissionsSchema,
})

/** Required top-level keys are checked by `checkConfig` (they depend on `data-source-files` and `autoentities`). */
export const CONFIG_SCHEMA: Schema = objectSchema({
  $schema: stringSchema,
  'data-source': dataSourceSchema,
  'data-source-files': { type: 'array', items: nonEmptyStringSchema, minItems: 1 },
  runtime: runtimeSchema,
  host: hostSchema,
  entities: mapSchema(entitySchema),
  'azure-key-vault': azureKeyVaultSchema,
  autoentities: mapSchema(autoentitySchema),
})

function compileConfigSchema(): ValidateFunction {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true })
  ajv.addKeyword({
    keyword: LOOSE_KEYWORD,
    schemaType: 'object',
    errors: false,
    validate: (spec: LooseScalar, data: unknown) => matchesLooseScalar(spec, data),
  })
  return ajv.compile(CONFIG_SCHEMA)
}

/** The compiled validator (compiled once, when this module loads). */
export const validateConfigSchema: ValidateFunction = compileConfigSchema()
