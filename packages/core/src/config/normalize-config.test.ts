import { describe, expect, it } from 'vitest'
import { createConfigReport } from './config-report.js'
import { parseConfig } from './load-config.js'
import { normalizeConfig } from './normalize-config.js'

const DATA_SOURCE = { 'database-type': 'postgresql', 'connection-string': 'postgres://localhost/db' }
const READ = [{ role: 'anonymous', actions: ['read'] }]

function load(
  extra: Record<string, unknown> = {},
  entities: Record<string, unknown> = { Book: { source: 'books', permissions: READ } },
) {
  return parseConfig({ 'data-source': DATA_SOURCE, entities, ...extra }, { baseDir: '/', env: {} })
}

function entity(definition: Record<string, unknown>) {
  return load({}, { Book: { source: 'books', permissions: READ, ...definition } }).entities.get('Book')!
}

describe('normalizeConfig defaults', () => {
  it('applies SPEC defaults first, then Data API builder engine defaults', () => {
    const config = load()
    expect(config.runtime).toEqual({
      rest: { enabled: true, path: '/api', requestBodyStrict: true },
      graphql: {
        enabled: true,
        path: '/graphql',
        allowIntrospection: true,
        depthLimit: null,
        enableAggregation: true,
        multipleCreate: false,
      },
      mcp: {
        enabled: true,
        path: '/mcp',
        description: undefined,
        allowedHosts: [],
        dmlTools: Object.fromEntries(
          [
            'describe-entities',
            'create-record',
            'read-records',
            'update-record',
            'delete-record',
            'execute-entity',
            'aggregate-records',
          ].map((tool) => [tool, { enabled: true, queryTimeoutSeconds: 30 }]),
        ),
      },
      host: {
        mode: 'production',
        maxResponseSizeMb: null,
        cors: { origins: [], allowCredentials: false },
        authentication: undefined,
      },
      pagination: { defaultPageSize: 100, maxPageSize: 100000, nextLinkRelative: false },
      cache: {
        enabled: false,
        ttlSeconds: 5,
        level2: { enabled: false, provider: 'redis', connectionString: undefined, partition: undefined },
      },
      compression: { level: undefined },
      health: { enabled: true, roles: undefined, cacheTtlSeconds: 5, maxQueryParallelism: 4 },
      logLevels: {},
      telemetry: { openTelemetry: undefined },
      limits: {
        maxQueryCost: 250_000,
        maxStatementsPerRequest: 200,
        statementTimeoutSeconds: 30,
        poolAcquireTimeoutMs: 5_000,
        startupRetrySeconds: 60,
      },
      subscriptions: { maxPerConnection: 100, maxPerProcess: 20000, queueSize: 1000, heartbeatSeconds: 15 },
    })
    expect(config.dataSource).toEqual({
      name: 'default',
      databaseType: 'postgresql',
      connectionString: 'postgres://localhost/db',
      options: {},
      health: { enabled: true, name: undefined, thresholdMs: 1000 },
    })
    expect(config.warnings).toEqual([])
  })

  it('applies entity defaults', () => {
    expect(entity({})).toEqual({
      name: 'Book',
      dataSource: 'default',
      description: undefined,
      source: { object: 'books', type: 'table', parameters: [] },
      fields: [],
      rest: { enabled: true, path: undefined, methods: undefined },
      graphql: {
        enabled: true,
        singular: undefined,
        plural: undefined,
        operation: undefined,
        subscription: { enabled: false, events: [] },
      },
      permissions: [{ role: 'anonymous', actions: [{ action: 'read', fields: undefined, policy: undefined }] }],
      relationships: new Map(),
      cache: { enabled: undefined, ttlSeconds: undefined, level: undefined },
      mcp: { dmlTools: true, customTool: false },
      health: { enabled: true, first: 100, thresholdMs: 1000 },
    })
  })

  it('lower-cases any non-empty database-type, third-party dialects included', () => {
    expect(
      parseConfig(
        { 'data-source': { ...DATA_SOURCE, 'database-type': 'MyDialect' }, entities: {} },
        { baseDir: '/', env: {} },
      ).dataSource.databaseType,
    ).toBe('mydialect')
  })

  it('keeps entities in the order the config lists them', () => {
    const entities = { Zeta: { source: 'z', permissions: [] }, Alpha: { source: 'a', permissions: [] } }
    expect([...load({}, entities).entities.keys()]).toEqual(['Zeta', 'Alpha'])
  })
})

describe('normalizeConfig runtime values', () => {
  it.each([
    [{ 'max-page-size': -1 }, { defaultPageSize: 100, maxPageSize: 2147483647 }],
    [
      { 'default-page-size': -1, 'max-page-size': 500 },
      { defaultPageSize: 500, maxPageSize: 500 },
    ],
    [
      { 'default-page-size': null, 'max-page-size': null },
      { defaultPageSize: 100, maxPageSize: 100000 },
    ],
    [
      { 'default-page-size': '25', 'max-page-size': '50' },
      { defaultPageSize: 25, maxPageSize: 50 },
    ],
  ])('pagination %j', (pagination, expected) => {
    expect(load({ runtime: { pagination } }).runtime.pagination).toMatchObject(expected)
  })

  it.each([
    ['api', '/api'],
    ['/api/', '/api'],
    ['/api/v2', '/api/v2'],
    ['rest/', '/rest'],
  ])('REST path %j → %j', (path, expected) => {
    expect(load({ runtime: { rest: { path } } }).runtime.rest.path).toBe(expected)
  })

  it('reads -1 as null for depth-limit and max-response-size-mb', () => {
    const config = load({ runtime: { graphql: { 'depth-limit': -1 }, host: { 'max-response-size-mb': -1 } } })
    expect(config.runtime.graphql.depthLimit).toBeNull()
    expect(config.runtime.host.maxResponseSizeMb).toBeNull()
  })

  it('accepts the boolean-or-string form', () => {
    const config = load({
      runtime: { rest: { enabled: 'False', 'request-body-strict': '0' }, graphql: { 'allow-introspection': 'TRUE' } },
    })
    expect(config.runtime.rest.enabled).toBe(false)
    expect(config.runtime.rest.requestBodyStrict).toBe(false)
    expect(config.runtime.graphql.allowIntrospection).toBe(true)
  })

  it('reads enum words case-insensitively, as Data API builder does', () => {
    const config = load({ runtime: { host: { mode: 'Development' }, compression: { level: 'Fastest' } } })
    expect(config.runtime.host.mode).toBe('development')
    expect(config.runtime.compression.level).toBe('fastest')
  })

  it('reads the host section from the top level (SPEC) or from runtime.host', () => {
    expect(load({ host: { mode: 'development' } }).runtime.host.mode).toBe('development')
    expect(load({ runtime: { host: { mode: 'development' } } }).runtime.host.mode).toBe('development')
  })

  it('keeps authentication as written, with every key in raw', () => {
    const authentication = { provider: 'Custom', jwt: { audience: 'a', issuer: 'i' }, 'roles-claim': 'groups' }
    expect(load({ runtime: { host: { authentication } } }).runtime.host.authentication).toEqual({
      provider: 'Custom',
      jwt: { audience: 'a', issuer: 'i' },
      raw: authentication,
    })
    expect(load({ runtime: { host: { authentication: {} } } }).runtime.host.authentication).toEqual({
      provider: undefined,
      jwt: undefined,
      raw: {},
    })
  })

  it.each([
    [false, { enabled: false, queryTimeoutSeconds: 30 }, { enabled: false, queryTimeoutSeconds: 30 }],
    [
      { 'read-records': false },
      { enabled: false, queryTimeoutSeconds: 30 },
      { enabled: true, queryTimeoutSeconds: 30 },
    ],
    [
      { 'read-records': { 'query-timeout': 90 } },
      { enabled: true, queryTimeoutSeconds: 90 },
      { enabled: true, queryTimeoutSeconds: 30 },
    ],
    [
      { 'read-records': { enabled: false } },
      { enabled: false, queryTimeoutSeconds: 30 },
      { enabled: true, queryTimeoutSeconds: 30 },
    ],
  ])('mcp dml-tools %j', (dmlTools, readRecords, createRecord) => {
    const tools = load({ runtime: { mcp: { 'dml-tools': dmlTools } } }).runtime.mcp.dmlTools
    expect(tools['read-records']).toEqual(readRecords)
    expect(tools['create-record']).toEqual(createRecord)
  })

  it('takes log levels from runtime.telemetry.log-level, skipping nulls', () => {
    const logLevel = { default: 'Warning', 'Sluice.Rest': 'debug', Other: null }
    expect(load({ runtime: { telemetry: { 'log-level': logLevel } } }).runtime.logLevels).toEqual({
      default: 'warning',
      'Sluice.Rest': 'debug',
    })
  })

  it("reads runtime.telemetry.open-telemetry with Data API builder's defaults", () => {
    expect(
      load({ runtime: { telemetry: { 'open-telemetry': { endpoint: 'http://otel:4317' } } } }).runtime.telemetry
        .openTelemetry,
    ).toEqual({
      enabled: true,
      endpoint: 'http://otel:4317',
      headers: undefined,
      serviceName: 'dab',
      exporterProtocol: 'grpc',
    })
    const written = {
      endpoint: 'http://otel:4318',
      headers: 'a=b',
      'service-name': 'books',
      'exporter-protocol': 'httpprotobuf',
      enabled: false,
    }
    expect(load({ runtime: { telemetry: { 'open-telemetry': written } } }).runtime.telemetry.openTelemetry).toEqual({
      enabled: false,
      endpoint: 'http://otel:4318',
      headers: 'a=b',
      serviceName: 'books',
      exporterProtocol: 'httpprotobuf',
    })
  })
})

describe('normalizeConfig entity shorthands', () => {
  it('expands source: "dbo.books" to a table', () => {
    expect(entity({ source: 'dbo.books' }).source).toEqual({ object: 'dbo.books', type: 'table', parameters: [] })
  })

  it('defaults the source type of the object form to table', () => {
    expect(entity({ source: { object: 'dbo.books' } }).source.type).toBe('table')
  })

  it.each([
    [false, { enabled: false, path: undefined, methods: undefined }],
    ['true', { enabled: true, path: undefined, methods: undefined }],
    [{ path: '/books/' }, { enabled: true, path: 'books', methods: undefined }],
    [
      { path: 'catalog/books', enabled: false },
      { enabled: false, path: 'catalog/books', methods: undefined },
    ],
  ])('rest %j', (rest, expected) => {
    expect(entity({ rest }).rest).toEqual(expected)
  })

  it.each([
    [
      false,
      {
        enabled: false,
        singular: undefined,
        plural: undefined,
        operation: undefined,
        subscription: { enabled: false, events: [] },
      },
    ],
    [
      'Tome',
      {
        enabled: true,
        singular: 'Tome',
        plural: undefined,
        operation: undefined,
        subscription: { enabled: false, events: [] },
      },
    ],
    [
      { type: 'Tome' },
      {
        enabled: true,
        singular: 'Tome',
        plural: undefined,
        operation: undefined,
        subscription: { enabled: false, events: [] },
      },
    ],
    [
      { type: { singular: 'Tome', plural: 'Tomes' }, enabled: false },
      {
        enabled: false,
        singular: 'Tome',
        plural: 'Tomes',
        operation: undefined,
        subscription: { enabled: false, events: [] },
      },
    ],
  ])('graphql %j', (graphql, expected) => {
    expect(entity({ graphql }).graphql).toEqual(expected)
  })

  it.each([
    [true, { dmlTools: true, customTool: false }],
    [false, { dmlTools: false, customTool: false }],
    [{ 'dml-tools': false }, { dmlTools: false, customTool: false }],
  ])('mcp %j', (mcp, expected) => {
    expect(entity({ mcp }).mcp).toEqual(expected)
  })

  it('expands actions "*" and mixes string and object actions', () => {
    const permissions = [
      { role: 'admin', actions: '*' },
      {
        role: 'editor',
        actions: ['READ', { action: 'update', fields: { include: ['title'] } }, { action: 'delete', fields: {} }],
      },
    ]
    expect(entity({ permissions }).permissions).toEqual([
      { role: 'admin', actions: [{ action: '*', fields: undefined, policy: undefined }] },
      {
        role: 'editor',
        actions: [
          { action: 'read', fields: undefined, policy: undefined },
          { action: 'update', fields: { include: ['title'], exclude: [] }, policy: undefined },
          { action: 'delete', fields: { include: undefined, exclude: [] }, policy: undefined },
        ],
      },
    ])
  })

  it('converts deprecated mappings and key-fields to fields, with a warning each', () => {
    const config = load(
      {},
      {
        Book: {
          source: { object: 'books', 'key-fields': ['book_id', 'edition'] },
          mappings: { title_col: 'title', book_id: 'id' },
          permissions: READ,
        },
      },
    )
    expect(config.entities.get('Book')!.fields).toEqual([
      { name: 'book_id', alias: 'id', description: undefined, primaryKey: true },
      { name: 'edition', alias: undefined, description: undefined, primaryKey: true },
      { name: 'title_col', alias: 'title', description: undefined, primaryKey: false },
    ])
    expect(config.warnings).toEqual([
      'entities.Book.mappings is deprecated; use "fields": [{"name": …, "alias": …}] instead.',
      'entities.Book.source.key-fields is deprecated; use "fields": [{"name": …, "primary-key": true}] instead.',
    ])
  })

  it('converts the deprecated parameters dictionary to items, with a warning', () => {
    const config = load(
      {},
      {
        Proc: {
          source: { object: 'get_books', type: 'stored-procedure', parameters: { id: 1, title: 'x', flag: true } },
          permissions: [{ role: 'anonymous', actions: ['execute'] }],
        },
      },
    )
    expect(config.entities.get('Proc')!.source.parameters).toEqual([
      { name: 'id', required: false, default: 1, description: undefined },
      { name: 'title', required: false, default: 'x', description: undefined },
      { name: 'flag', required: false, default: true, description: undefined },
    ])
    expect(config.warnings).toContain(
      'entities.Proc.source.parameters uses the deprecated {"name": default} form; write [{"name": …, "default": …}] instead.',
    )
  })

  it('reads relationships into a map with empty lists by default', () => {
    const config = load(
      {},
      {
        Book: {
          source: 'books',
          permissions: READ,
          relationships: { publisher: { cardinality: 'One', 'target.entity': 'Publisher' } },
        },
        Publisher: { source: 'publishers', permissions: READ },
      },
    )
    expect(config.entities.get('Book')!.relationships.get('publisher')).toEqual({
      name: 'publisher',
      cardinality: 'one',
      targetEntity: 'Publisher',
      sourceFields: [],
      targetFields: [],
      linkingObject: undefined,
      linkingSourceFields: [],
      linkingTargetFields: [],
    })
  })

  it('tolerates invalid parts, reading them as absent', () => {
    const config = normalizeConfig(
      { runtime: 5, entities: { Book: { rest: [], permissions: 'x', source: 3 } } },
      { file: undefined, baseDir: '/' },
      createConfigReport(),
    )
    expect(config.runtime.rest.path).toBe('/api')
    expect(config.entities.get('Book')!.permissions).toEqual([])
  })
})
