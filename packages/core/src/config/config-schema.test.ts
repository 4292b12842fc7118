import { describe, expect, it } from 'vitest'
import { validateConfigSchema } from './config-schema.js'

/** Every key of dab.md §1.1, once. */
const EVERY_KEY = {
  $schema: 'https://example.com/dab.draft.schema.json',
  'data-source': {
    'database-type': 'mssql',
    'connection-string': 'Server=x',
    options: { 'set-session-context': true },
    health: { enabled: true, name: 'primary', 'threshold-ms': 1000 },
    'user-delegated-auth': { enabled: false, provider: 'EntraId', 'database-audience': 'https://database.windows.net' },
  },
  'data-source-files': ['child.json'],
  runtime: {
    rest: { enabled: true, path: '/api', 'request-body-strict': true },
    graphql: {
      enabled: true,
      path: '/graphql',
      'allow-introspection': true,
      'depth-limit': null,
      'enable-aggregation': true,
      'multiple-mutations': { create: { enabled: false } },
    },
    mcp: {
      enabled: true,
      path: '/mcp',
      description: 'd',
      'allowed-hosts': ['*'],
      'dml-tools': {
        'describe-entities': true,
        'create-record': true,
        'read-records': { enabled: true, 'query-timeout': 600 },
        'update-record': true,
        'delete-record': false,
        'execute-entity': true,
        'aggregate-records': { enabled: true },
      },
    },
    host: {
      mode: 'production',
      'max-response-size-mb': null,
      cors: { origins: [], 'allow-credentials': false },
      authentication: { provider: 'Simulator', jwt: { audience: 'a', issuer: 'i' } },
    },
    cache: {
      enabled: false,
      'ttl-seconds': 5,
      'level-2': { enabled: false, provider: 'redis', 'connection-string': 'r', partition: 'p' },
    },
    compression: { level: 'optimal' },
    pagination: { 'default-page-size': 100, 'max-page-size': 100000, 'next-link-relative': false },
    health: { enabled: true, roles: ['admin'], 'cache-ttl-seconds': 5, 'max-query-parallelism': 4 },
    telemetry: {
      'application-insights': { 'connection-string': 'InstrumentationKey=x', enabled: true },
      'open-telemetry': {
        endpoint: 'http://otel:4317',
        headers: 'a=b',
        'service-name': 'dab',
        'exporter-protocol': 'httpprotobuf',
        enabled: true,
      },
      'azure-log-analytics': {
        enabled: false,
        auth: { 'custom-table-name': 't', 'dcr-immutable-id': 'd', 'dce-endpoint': 'e' },
        'dab-identifier': 'DabLogs',
        'flush-interval-seconds': 5,
      },
      file: {
        enabled: false,
        path: '/logs/dab-log.txt',
        'rolling-interval': 'Day',
        'retained-file-count-limit': 1,
        'file-size-limit-bytes': 1048576,
      },
      'log-level': { default: 'error', 'Azure.DataApiBuilder': null },
    },
    embeddings: {
      enabled: false,
      provider: 'azure-openai',
      'base-url': 'https://x',
      'api-key': 'k',
      model: 'm',
      'api-version': 'v',
      dimensions: 1536,
      'timeout-ms': 30000,
      endpoint: { enabled: false, path: '/embed', roles: ['authenticated'] },
      health: { enabled: true },
      cache: { enabled: true, 'ttl-hours': 24, 'level-2': {} },
      chunking: { enabled: true, 'size-chars': 800, 'overlap-chars': 100 },
    },
    'base-route': '/base',
  },
  'azure-key-vault': {
    endpoint: 'https://vault',
    'retry-policy': {
      mode: 'exponential',
      'max-count': 3,
      'delay-seconds': 1,
      'max-delay-seconds': 60,
      'network-timeout-seconds': 60,
    },
  },
  autoentities: {
    all: {
      patterns: { include: ['%.%'], exclude: ['sales.%'], name: '{schema}_{object}' },
      template: {
        mcp: { 'dml-tools': true },
        rest: { enabled: true },
        graphql: { enabled: true },
        health: { enabled: true },
        cache: { enabled: false, 'ttl-seconds': null, level: 'L1L2' },
      },
      permissions: [{ role: 'anonymous', actions: ['read'] }],
    },
  },
  entities: {
    Book: {
      description: 'd',
      source: { object: 'dbo.books', type: 'table', 'key-fields': ['id'] },
      mappings: { title: 'name' },
      rest: { enabled: true, path: 'books', methods: ['get'] },
      graphql: { enabled: true, type: { singular: 'Book', plural: 'Books' }, operation: 'query' },
      permissions: [
        {
          role: 'r',
          actions: [{ action: 'read', fields: { include: ['*'], exclude: [] }, policy: { database: '@item.id eq 1' } }],
        },
      ],
      relationships: {
        r: {
          cardinality: 'many',
          'target.entity': 'Book',
          'source.fields': ['a'],
          'target.fields': ['b'],
          'linking.object': 'l',
          'linking.source.fields': ['c'],
          'linking.target.fields': ['d'],
        },
      },
      cache: { enabled: true, 'ttl-seconds': 30, level: 'L1' },
      health: { enabled: true, first: 500, 'threshold-ms': 1 },
      mcp: { 'dml-tools': true, 'custom-tool': false },
    },
    Proc: {
      source: {
        object: 'p',
        type: 'stored-procedure',
        parameters: [{ name: 'id', required: true, default: null, description: 'x' }],
      },
      fields: [{ name: 'id', alias: 'key', description: 'd', 'primary-key': true }],
      permissions: [{ role: 'r', actions: '*' }],
    },
  },
}

describe('CONFIG_SCHEMA', () => {
  it('accepts every key of dab.md §1.1', () => {
    const valid = validateConfigSchema(EVERY_KEY)
    expect(validateConfigSchema.errors ?? []).toEqual([])
    expect(valid).toBe(true)
  })

  it('accepts the top-level host SPEC spells', () => {
    expect(validateConfigSchema({ host: { mode: 'development' } })).toBe(true)
  })

  it('leaves data-source.options and authentication open for plugins', () => {
    expect(
      validateConfigSchema({
        'data-source': { 'database-type': 'pglite', 'connection-string': '', options: { seed: './seed.sql' } },
        runtime: {
          host: {
            authentication: { provider: 'Custom', 'roles-claim': 'groups', jwt: { audience: 'a', 'jwks-uri': 'u' } },
          },
        },
      }),
    ).toBe(true)
  })
})
