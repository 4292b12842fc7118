import { describe, expect, it } from 'vitest'
import { isSluiceError } from '../errors/sluice-error.js'
import { parseConfig } from './load-config.js'

const DATA_SOURCE = { 'database-type': 'mssql', 'connection-string': 'Server=x' }
const READ = [{ role: 'anonymous', actions: ['read'] }]

/** The problem lines of a config (empty when it loads). */
function problemsOf(json: Record<string, unknown>): string[] {
  try {
    parseConfig(json, { baseDir: '/', env: {} })
    return []
  } catch (error) {
    if (!isSluiceError(error)) throw error
    return String(error.params['problems'])
      .split('\n')
      .map((line) => line.replace(/^ {2}- /, ''))
  }
}

function entityProblems(entities: Record<string, unknown>, extra: Record<string, unknown> = {}): string[] {
  return problemsOf({ 'data-source': DATA_SOURCE, entities, ...extra })
}

function warningsOf(json: Record<string, unknown>): readonly string[] {
  return parseConfig(json, { baseDir: '/', env: {} }).warnings
}

const procedure = (actions: unknown) => ({
  source: { object: 'p', type: 'stored-procedure' },
  permissions: [{ role: 'r', actions }],
})

describe('checkConfig: top level', () => {
  it('requires data-source and entities', () => {
    expect(problemsOf({})).toEqual([
      "(root): missing required key 'data-source'",
      "(root): missing required key 'entities'",
    ])
  })

  it('accepts data-source-files in place of a data-source and entities, and reports a child file it cannot read', () => {
    expect(problemsOf({ 'data-source-files': ['missing.json'] })).toEqual([
      expect.stringMatching(/^data-source-files\[0\]: cannot read missing\.json: .*does not exist|ENOENT/),
    ])
  })

  it('rejects host given both at the top level and in runtime', () => {
    expect(problemsOf({ 'data-source': DATA_SOURCE, entities: {}, host: {}, runtime: { host: {} } })).toEqual([
      'host: host is given both at the top level and as runtime.host; keep only one of them',
    ])
  })

  it('rejects a default page size above the maximum', () => {
    expect(
      problemsOf({ 'data-source': DATA_SOURCE, entities: {}, runtime: { pagination: { 'max-page-size': 50 } } }),
    ).toEqual([
      'runtime.pagination.default-page-size: 100 is larger than max-page-size 50 (allowed: 1 to 50, or -1 for max-page-size)',
    ])
  })

  it('warns about a near-miss key in the (open) authentication section', () => {
    const runtime = { host: { authentication: { provder: 'Custom', 'roles-claim': 'groups' } } }
    expect(warningsOf({ 'data-source': DATA_SOURCE, entities: {}, runtime })).toContain(
      "runtime.host.authentication.provder is not a known key; it is passed to authentication plugins as is. Did you mean 'provider'?",
    )
  })
})

describe('checkConfig: REST paths', () => {
  it.each([
    ['/api/../x', "it contains '..'"],
    ['/api\\x', 'it contains a backslash'],
    ['/api//x', "it contains an empty segment ('//')"],
    ['/api%2Fx', "it contains the percent-encoded separator '%2F'"],
    ['/api%2fx', "it contains the percent-encoded separator '%2f'"],
    ['/api%5cx', "it contains the percent-encoded separator '%5c'"],
    ['/api%2E%2E', "it contains the percent-encoded separator '%2E'"],
    ['/api?x', "it contains the reserved character '?'"],
    ['/api#x', "it contains the reserved character '#'"],
    ['/my api', 'it contains whitespace or a control character'],
    ['/', 'it is empty'],
    ['//api', "it contains an empty segment ('//')"],
  ])('rejects runtime.rest.path %j', (path, reason) => {
    const problems = problemsOf({ 'data-source': DATA_SOURCE, entities: {}, runtime: { rest: { path } } })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain(`runtime.rest.path: `)
    expect(problems[0]).toContain(reason)
  })

  it.each([
    'catalog/../books',
    'cat\\books',
    'catalog//books',
    '//books',
    'catalog%2Fbooks',
    'books?x',
    'my books',
    '/',
  ])('rejects entity rest.path %j', (path) => {
    const problems = entityProblems({ Book: { source: 'b', permissions: READ, rest: { path } } })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^entities\.Book\.rest\.path: .* is not a valid REST path: /)
  })

  it('accepts multi-segment paths', () => {
    expect(
      entityProblems(
        { Book: { source: 'b', permissions: READ, rest: { path: '/catalog/books/' } } },
        { runtime: { rest: { path: '/api/v2' } } },
      ),
    ).toEqual([])
  })

  it('rejects two entities with the same REST path, compared case-sensitively', () => {
    expect(
      entityProblems({
        Book: { source: 'b', permissions: READ },
        Tome: { source: 't', permissions: READ, rest: { path: 'Book' } },
        Other: { source: 'o', permissions: READ, rest: { path: 'book' } },
        Hidden: { source: 'h', permissions: READ, rest: { path: 'Book', enabled: false } },
      }),
    ).toEqual([
      "entities.Tome.rest.path: REST path 'Book' is already used by entity 'Book'; give one of them another rest.path",
    ])
  })

  it('rejects the entity path openapi', () => {
    expect(entityProblems({ openapi: { source: 'o', permissions: READ } })).toEqual([
      "entities.openapi: REST path 'openapi' is reserved for the OpenAPI document; set another rest.path",
    ])
  })
})

describe('checkConfig: permissions', () => {
  it('allows only execute and * on stored procedures', () => {
    expect(entityProblems({ P: procedure(['execute', 'read']) })).toEqual([
      "entities.P.permissions[0].actions[1]: 'read' is not allowed (allowed: execute, *). Stored procedures can only be configured with the 'execute' action.",
    ])
    expect(entityProblems({ P: procedure('*') })).toEqual([])
    expect(entityProblems({ P: procedure([{ action: '*' }]) })).toEqual([])
  })

  it('rejects execute on views', () => {
    expect(
      entityProblems({
        V: { source: { object: 'v', type: 'view' }, permissions: [{ role: 'r', actions: [{ action: 'execute' }] }] },
      }),
    ).toEqual([
      "entities.V.permissions[0].actions[0]: 'execute' is not allowed for a view (allowed: create, read, update, delete, *). Only stored procedures can be configured with the 'execute' action.",
    ])
  })

  it('rejects a role listed twice and an action listed twice', () => {
    expect(
      entityProblems({
        Book: {
          source: 'b',
          permissions: [
            { role: 'editor', actions: ['read', { action: 'READ' }] },
            { role: 'editor', actions: ['create'] },
          ],
        },
      }),
    ).toEqual([
      "entities.Book.permissions[0].actions[1]: action 'read' is listed twice for role 'editor' (first at actions[0])",
      "entities.Book.permissions[1].role: role 'editor' is listed twice (first at permissions[0]); merge its actions into one entry",
    ])
  })

  it('requires * to stand alone in include and exclude', () => {
    const actions = [{ action: 'read', fields: { include: ['*', 'id'], exclude: ['*', 'x'] } }]
    expect(entityProblems({ Book: { source: 'b', permissions: [{ role: 'r', actions }] } })).toEqual([
      `entities.Book.permissions[0].actions[0].fields.include: ["*","id"]: '*' must be the only item when it is used (allowed: ["*"] or a list of field names)`,
      `entities.Book.permissions[0].actions[0].fields.exclude: ["*","x"]: '*' must be the only item when it is used (allowed: ["*"] or a list of field names)`,
    ])
  })
})

describe('checkConfig: fields and source', () => {
  it('rejects duplicate column names and API names', () => {
    const fields = [
      { name: 'id' },
      { name: 'id' },
      { name: 'title', alias: 'name' },
      { name: 'name' },
      { name: 'x', alias: 'name' },
    ]
    expect(entityProblems({ Book: { source: 'b', permissions: READ, fields } })).toEqual([
      "entities.Book.fields[1].name: column 'id' is listed twice (first at fields[0])",
      "entities.Book.fields[3].name: API name 'name' is already used by fields[2]",
      "entities.Book.fields[4].alias: API name 'name' is already used by fields[2]",
    ])
  })

  it('rejects duplicate aliases in mappings', () => {
    expect(entityProblems({ Book: { source: 'b', permissions: READ, mappings: { a: 'x', b: 'x' } } })).toEqual([
      "entities.Book.mappings.b: alias 'x' is already used for column 'a'",
    ])
  })

  it('rejects mappings or key-fields together with fields', () => {
    expect(
      entityProblems({
        Book: {
          source: { object: 'b', 'key-fields': ['id'] },
          permissions: READ,
          fields: [{ name: 'id' }],
          mappings: { id: 'key' },
        },
      }),
    ).toEqual([
      'entities.Book.mappings: cannot be combined with fields; move each alias into fields as {"name": …, "alias": …}',
      'entities.Book.source.key-fields: cannot be combined with fields; mark the key columns in fields with "primary-key": true',
    ])
  })

  it('rejects parameters on a table', () => {
    expect(
      entityProblems({ Book: { source: { object: 'b', parameters: [{ name: 'id' }] }, permissions: READ } }),
    ).toEqual([
      "entities.Book.source.parameters: parameters are only allowed for stored procedures (source.type is 'table')",
    ])
  })

  it('warns that rest.methods and graphql.operation have no effect on a table', () => {
    const json = {
      'data-source': DATA_SOURCE,
      entities: {
        Book: { source: 'b', permissions: READ, rest: { methods: ['get'] }, graphql: { operation: 'query' } },
      },
    }
    expect(warningsOf(json)).toEqual(
      expect.arrayContaining([
        "entities.Book.rest.methods has no effect: only stored procedures use it (source.type is 'table').",
        "entities.Book.graphql.operation has no effect: only stored procedures use it (source.type is 'table').",
      ]),
    )
  })

  it('rejects custom-tool on a table', () => {
    expect(entityProblems({ Book: { source: 'b', permissions: READ, mcp: { 'custom-tool': true } } })).toEqual([
      "entities.Book.mcp.custom-tool: true is not allowed: custom-tool can only be enabled for stored procedures (source.type is 'table')",
    ])
  })
})

describe('checkConfig: relationships', () => {
  it('rejects relationships on views and stored procedures', () => {
    const relationships = { r: { cardinality: 'one', 'target.entity': 'Book' } }
    expect(
      entityProblems({
        Book: { source: 'b', permissions: READ },
        'Book Summary': { source: { object: 'v', type: 'view' }, permissions: READ, relationships },
        P: { ...procedure(['execute']), relationships },
      }),
    ).toEqual([
      `entities["Book Summary"].relationships: relationships are not supported on a view (allowed only when source.type is 'table')`,
      "entities.P.relationships: relationships are not supported on a stored procedure (allowed only when source.type is 'table')",
    ])
  })

  it('rejects a target entity that does not exist', () => {
    expect(
      entityProblems({
        Book: {
          source: 'b',
          permissions: READ,
          relationships: { r: { cardinality: 'many', 'target.entity': 'Nope' } },
        },
      }),
    ).toEqual([
      `entities.Book.relationships.r["target.entity"]: 'Nope' is not an entity of this config (entities: Book).`,
    ])
  })
})

describe('checkConfig: runtime.base-route', () => {
  const withRoute = (route: unknown, provider?: string) =>
    problemsOf({
      'data-source': DATA_SOURCE,
      entities: {},
      runtime: { 'base-route': route, host: provider === undefined ? {} : { authentication: { provider } } },
    })

  it('is accepted behind Static Web Apps, and its trailing slash dropped', () => {
    expect(withRoute('/data-api', 'StaticWebApps')).toEqual([])
    const config = parseConfig(
      {
        'data-source': DATA_SOURCE,
        entities: {},
        runtime: { 'base-route': '/data-api/v2/', host: { authentication: { provider: 'StaticWebApps' } } },
      },
      { baseDir: '/', env: {} },
    )
    expect(config.runtime.baseRoute).toBe('/data-api/v2')
    expect(config.warnings.some((w) => w.includes('base-route'))).toBe(false)
  })

  it('is refused with any other provider, as Data API builder refuses it', () => {
    expect(withRoute('/data-api', 'AppService')).toEqual([
      `runtime.base-route: "/data-api" can only be used when host.authentication.provider is StaticWebApps (it is "AppService")`,
    ])
    expect(withRoute('/data-api')[0]).toContain('(it is not set)')
  })

  it('must be a path of plain segments', () => {
    expect(withRoute('data-api', 'StaticWebApps')).toEqual([`runtime.base-route: "data-api" should start with a '/'`])
    expect(withRoute('/data api', 'StaticWebApps')).toEqual([`runtime.base-route: "/data api" contains white space`])
    for (const bad of ['/a?b', '/a#b', '/a//b', '/a.b', '/a:b'])
      expect(withRoute(bad, 'StaticWebApps'), bad).toHaveLength(1)
  })
})
