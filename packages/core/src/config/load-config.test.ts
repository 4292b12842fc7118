import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { isSluiceError, type SluiceError } from '../errors/sluice-error.js'
import { loadConfigFile, parseConfig } from './load-config.js'

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'dab-sample-config.json')
const SAMPLE_ENV = { SQL_CONN: 'Server=db;Database=library', REDIS: 'redis:6379' }

function caught(run: () => unknown): SluiceError {
  try {
    run()
  } catch (error) {
    if (isSluiceError(error)) return error
    throw error
  }
  throw new Error('expected a SluiceError')
}

function problemLines(run: () => unknown): string[] {
  const error = caught(run)
  expect(error.code).toBe('SLUICE_ERR_CONFIG')
  return String(error.params['problems'])
    .split('\n')
    .map((line) => line.replace(/^ {2}- /, ''))
}

function writeTemp(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-config-'))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true })
    writeFileSync(join(dir, name), text)
  }
  return dir
}

const MINIMAL = {
  'data-source': { 'database-type': 'postgresql', 'connection-string': "@env('DB')" },
  entities: { Book: { source: 'books', permissions: [{ role: 'anonymous', actions: ['read'] }] } },
}

describe('loadConfigFile', () => {
  it('loads the sample shapes of dab.md §1.2 unchanged', () => {
    const config = loadConfigFile(FIXTURE, { env: SAMPLE_ENV })
    expect(config.file).toBe(FIXTURE)
    expect(config.baseDir).toBe(dirname(FIXTURE))
    expect(config.dataSource).toEqual({
      name: 'dab-sample-config.json',
      databaseType: 'mssql',
      connectionString: 'Server=db;Database=library',
      options: { 'set-session-context': true },
      health: { enabled: true, name: 'primary', thresholdMs: 1000 },
    })
    expect(config.runtime.graphql).toEqual({
      enabled: true,
      path: '/graphql',
      allowIntrospection: true,
      depthLimit: 8,
      enableAggregation: true,
      multipleCreate: true,
    })
    expect(config.runtime.mcp.dmlTools['delete-record']).toEqual({ enabled: false, queryTimeoutSeconds: 30 })
    expect(config.runtime.mcp.dmlTools['read-records']).toEqual({ enabled: true, queryTimeoutSeconds: 30 })
    expect(config.runtime.host.authentication?.provider).toBe('EntraID')
    expect(config.runtime.cache.level2.connectionString).toBe('redis:6379')
    expect(config.runtime.logLevels).toEqual({ default: 'warning', 'Azure.DataApiBuilder.Core': 'information' })
    expect([...config.entities.keys()]).toEqual(['Book', 'BookSummary', 'GetBook', 'Publisher', 'Author'])
    const book = config.entities.get('Book')!
    expect(book.rest).toEqual({ enabled: true, path: 'catalog/books', methods: undefined })
    expect(book.permissions[1]!.actions).toEqual([
      { action: 'read', fields: { include: ['*'], exclude: ['secret_col'] }, policy: '@item.owner eq @claims.oid' },
      { action: 'update', fields: undefined, policy: '@item.owner eq @claims.oid' },
      { action: 'create', fields: undefined, policy: undefined },
    ])
    expect(book.relationships.get('authors')).toMatchObject({
      cardinality: 'many',
      targetEntity: 'Author',
      linkingObject: 'dbo.book_author_link',
    })
    expect(book.cache).toEqual({ enabled: true, ttlSeconds: 30, level: 'L1' })
    const getBook = config.entities.get('GetBook')!
    expect(getBook.source.parameters).toEqual([
      { name: 'id', required: true, default: undefined, description: 'Book id' },
    ])
    expect(getBook.rest.methods).toEqual(['get'])
    expect(getBook.graphql.operation).toBe('query')
    expect(getBook.mcp).toEqual({ dmlTools: true, customTool: true })
  })

  it('warns once per unimplemented key kind, never per entity', () => {
    const config = loadConfigFile(FIXTURE, { env: SAMPLE_ENV })
    expect(config.warnings.some((w) => w.includes('entities.*.relationships'))).toBe(false)
    expect(config.warnings.some((w) => w.includes('max-response-size-mb'))).toBe(false)
    // The sample's runtime.cache and entity cache sections are implemented: no warning (once-per-kind is unimplemented-keys.test.ts's).
    expect(config.warnings.some((w) => w.includes('cache'))).toBe(false)
  })

  it('returns a frozen config', () => {
    const config = loadConfigFile(FIXTURE, { env: SAMPLE_ENV })
    expect(Object.isFrozen(config.runtime.rest)).toBe(true)
    expect(Object.isFrozen(config.entities.get('Book')!.permissions)).toBe(true)
  })

  it("reads the working directory's .env file, as Data API builder does", () => {
    const dir = writeTemp({ 'conf/dab-config.json': JSON.stringify(MINIMAL), '.env': 'DB=postgres://from-dotenv/db\n' })
    expect(
      loadConfigFile(join(dir, 'conf', 'dab-config.json'), { env: {}, cwd: dir }).dataSource.connectionString,
    ).toBe('postgres://from-dotenv/db')
  })

  it('lets the .env file override a variable that is set (DotNetEnv overwrites)', () => {
    const dir = writeTemp({ 'dab-config.json': JSON.stringify(MINIMAL), '.env': 'DB=from-dotenv\n' })
    const config = loadConfigFile(join(dir, 'dab-config.json'), { env: { DB: 'from-environment' }, cwd: dir })
    expect(config.dataSource.connectionString).toBe('from-dotenv')
  })

  it('ignores a .env file beside the config when the working directory is elsewhere', () => {
    const dir = writeTemp({
      'conf/dab-config.json': JSON.stringify(MINIMAL),
      'conf/.env': 'DB=beside\n',
      'cwd/.keep': '',
    })
    expect(
      problemLines(() => loadConfigFile(join(dir, 'conf', 'dab-config.json'), { env: {}, cwd: join(dir, 'cwd') })),
    ).toEqual(["data-source.connection-string: environment variable 'DB' is not set (referenced as @env('DB'))"])
  })

  it('layers an override file over the config (DAB_ENVIRONMENT): objects merge, arrays and scalars replace', () => {
    const dir = writeTemp({
      'dab-config.json': JSON.stringify({
        ...MINIMAL,
        runtime: { rest: { path: '/api' }, host: { cors: { origins: ['https://a'] } } },
      }),
      'dab-config.dev.json': JSON.stringify({
        'data-source': { 'connection-string': 'postgres://dev/db' },
        runtime: { rest: { path: '/dev' }, host: { mode: 'development' } },
      }),
    })
    const config = loadConfigFile(join(dir, 'dab-config.json'), {
      env: {},
      cwd: dir,
      overrideFile: join(dir, 'dab-config.dev.json'),
    })
    expect(config.dataSource.connectionString).toBe('postgres://dev/db')
    expect(config.runtime.rest.path).toBe('/dev')
    expect(config.runtime.host.mode).toBe('development')
    expect(config.file).toBe(join(dir, 'dab-config.json'))
  })

  it('resolves a relative path and uses its directory as baseDir', () => {
    const dir = writeTemp({ 'dab-config.json': JSON.stringify(MINIMAL) })
    const config = loadConfigFile(join(dir, '.', 'dab-config.json'), { env: { DB: 'x' } })
    expect(config.file).toBe(join(dir, 'dab-config.json'))
    expect(config.baseDir).toBe(dir)
  })

  it('accepts // and /* */ comments, as Data API builder does', () => {
    const text = `// library\n{ /* the database */ "data-source": { "database-type": "postgresql", "connection-string": "a//b" },
      "entities": { "Book": { "source": "books", "permissions": [] } } }`
    const dir = writeTemp({ 'dab-config.json': text })
    expect(loadConfigFile(join(dir, 'dab-config.json'), { env: {} }).dataSource.connectionString).toBe('a//b')
  })

  it('reports invalid JSON as one problem naming line and column', () => {
    const dir = writeTemp({ 'dab-config.json': '{\n  "data-source": {\n    "database-type": "postgresql",\n  }\n}' })
    const lines = problemLines(() => loadConfigFile(join(dir, 'dab-config.json'), { env: {} }))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^invalid JSON at line 4, column 3 of .*dab-config\.json: /)
  })

  it('reports a truncated file at its end', () => {
    const dir = writeTemp({ 'dab-config.json': '{\n  "entities": {' })
    expect(problemLines(() => loadConfigFile(join(dir, 'dab-config.json'), { env: {} }))[0]).toMatch(
      /at line 2, column 16/,
    )
  })

  it('throws SLUICE_ERR_CONFIG_NOT_FOUND for a missing file', () => {
    const error = caught(() => loadConfigFile(join(tmpdir(), 'no-such-dir-sluice', 'dab-config.json')))
    expect(error.code).toBe('SLUICE_ERR_CONFIG_NOT_FOUND')
    expect(error.message).toContain('does not exist')
  })

  it('throws SLUICE_ERR_CONFIG_READ for an unreadable file', () => {
    const dir = writeTemp({ 'dab-config.json/placeholder': '' })
    const error = caught(() => loadConfigFile(join(dir, 'dab-config.json')))
    expect(error.code).toBe('SLUICE_ERR_CONFIG_READ')
    expect(error.params['file']).toBe(join(dir, 'dab-config.json'))
  })
})

describe('loadConfigFile with data-source-files', () => {
  const child = (type: string, conn: string, entities: Record<string, unknown>) =>
    JSON.stringify({ 'data-source': { 'database-type': type, 'connection-string': conn }, entities })
  const read = [{ role: 'anonymous', actions: ['read'] }]

  it("brings each child file's data source and entities, named by the file's path relative to the root", () => {
    const dir = writeTemp({
      'dab-config.json': JSON.stringify({
        'data-source-files': ['hr.json', 'sales/sales.json'],
        runtime: { rest: { path: '/data' } },
      }),
      'hr.json': child('postgresql', "@env('HR')", { Employee: { source: 'employees', permissions: read } }),
      'sales/sales.json': child('mysql', 'Server=db', { Order: { source: 'orders', permissions: read } }),
    })
    const config = loadConfigFile(join(dir, 'dab-config.json'), { env: { HR: 'postgres://hr' }, cwd: dir })
    expect([...config.dataSources.keys()]).toEqual(['hr.json', join('sales', 'sales.json')])
    expect(config.dataSource.name).toBe('hr.json')
    expect(config.dataSources.get('hr.json')?.connectionString).toBe('postgres://hr')
    expect(config.entities.get('Employee')?.dataSource).toBe('hr.json')
    expect(config.entities.get('Order')?.dataSource).toBe(join('sales', 'sales.json'))
    expect(config.runtime.rest.path).toBe('/data')
  })

  it("keeps the root's own data source first and default, and refuses an entity name defined twice", () => {
    const dir = writeTemp({
      'dab-config.json': JSON.stringify({
        'data-source': { 'database-type': 'postgresql', 'connection-string': 'x' },
        'data-source-files': ['b.json'],
        entities: { Book: { source: 'books', permissions: read } },
      }),
      'b.json': child('mysql', 'y', { Book: { source: 'books', permissions: read } }),
    })
    expect(problemLines(() => loadConfigFile(join(dir, 'dab-config.json'), { env: {}, cwd: dir }))).toEqual([
      "data-source-files[0].entities.Book: entity 'Book' is already defined by dab-config.json; entity names must be unique across data-source-files (in b.json)",
    ])
  })

  it("reports a child's problems with the file named, and ignores its runtime with a warning", () => {
    const dir = writeTemp({
      'dab-config.json': JSON.stringify({ 'data-source-files': ['a.json'] }),
      'a.json': JSON.stringify({
        'data-source': { 'database-type': 'postgresql', 'connection-string': 'x' },
        runtime: {},
        entities: { A: { source: 'a', permissions: [{ role: 'anonymous', actions: ['reed'] }] } },
      }),
    })
    const lines = problemLines(() => loadConfigFile(join(dir, 'dab-config.json'), { env: {}, cwd: dir }))
    expect(lines).toEqual([
      expect.stringMatching(
        /^data-source-files\[0\]\.entities\.A\.permissions\[0\]\.actions\[0\]: 'reed' is not allowed.*\(in a\.json\)$/,
      ),
    ])
    const ok = writeTemp({
      'dab-config.json': JSON.stringify({ 'data-source-files': ['a.json'] }),
      'a.json': JSON.stringify({
        'data-source': { 'database-type': 'postgresql', 'connection-string': 'x' },
        runtime: {},
        entities: {},
      }),
    })
    expect(loadConfigFile(join(ok, 'dab-config.json'), { env: {}, cwd: ok }).warnings).toContain(
      "a.json: its runtime section is ignored; the root configuration's runtime applies to every data source.",
    )
  })

  it('refuses entities and autoentities in a file without a data-source (they would have no database), as Data API builder', () => {
    const dir = writeTemp({
      'dab-config.json': JSON.stringify({
        'data-source-files': ['a.json'],
        entities: { Book: { source: 'books', permissions: read } },
        autoentities: { all: { permissions: read } },
      }),
      'a.json': JSON.stringify({ 'data-source-files': ['b.json'], autoentities: { more: { permissions: read } } }),
      'b.json': child('postgresql', 'x', { A: { source: 'a', permissions: read } }),
    })
    expect(problemLines(() => loadConfigFile(join(dir, 'dab-config.json'), { env: {}, cwd: dir }))).toEqual([
      'data-source-files[0].autoentities: this file has no data-source, so its autoentities would have no database; move them into a data-source-files file or add a data-source (in a.json)',
      'entities: this file has no data-source, so its entities would have no database; move them into a data-source-files file or add a data-source',
      'autoentities: this file has no data-source, so its autoentities would have no database; move them into a data-source-files file or add a data-source',
    ])
  })

  it('refuses a cycle of data-source-files', () => {
    const dir = writeTemp({
      'dab-config.json': JSON.stringify({ 'data-source-files': ['a.json'] }),
      'a.json': JSON.stringify({
        'data-source': { 'database-type': 'postgresql', 'connection-string': 'x' },
        entities: {},
        'data-source-files': ['dab-config.json'],
      }),
    })
    expect(problemLines(() => loadConfigFile(join(dir, 'dab-config.json'), { env: {}, cwd: dir }))).toEqual([
      'data-source-files[0].data-source-files[0]: dab-config.json is already part of this configuration (a data-source-files cycle or a file listed twice) (in a.json)',
    ])
  })
})

describe('parseConfig', () => {
  it('reports every mistake of a config at once, each with path, value and what is allowed', () => {
    const lines = problemLines(() =>
      parseConfig(
        {
          'data-source': { 'database-type': 'postgresql', 'connection-string': "Host=@env('PGHOST');Port=5432" },
          runtime: {
            rest: { enabled: 'yes', pathh: '/api' },
            host: { mode: 'dev' },
            pagination: { 'default-page-size': 500, 'max-page-size': 200 },
          },
          entities: {
            Book: {
              source: { object: 'books', type: 'tabel' },
              permissions: [
                { role: 'anonymous', actions: ['read', 'execute'] },
                { role: 'Anonymous', actions: '*' },
              ],
              relationships: { publisher: { cardinality: 'one', 'target.entity': 'Publsher' } },
            },
            Publisher: {
              source: 'publishers',
              permissions: [{ role: 'anonymous', actions: ['read', 'read'] }],
              rest: { path: 'catalog//x' },
            },
          },
        },
        { baseDir: '/', env: {} },
      ),
    )
    expect(lines).toEqual([
      "data-source.connection-string: environment variable 'PGHOST' is not set (referenced as @env('PGHOST'))",
      "runtime.rest.pathh: unknown key 'pathh' (allowed: enabled, path, request-body-strict). Did you mean 'path'?",
      'runtime.rest.enabled: expected boolean, got string "yes"',
      "runtime.host.mode: 'dev' is not allowed (allowed: development, production)",
      "entities.Book.source.type: 'tabel' is not allowed (allowed: table, view, stored-procedure)",
      'runtime.pagination.default-page-size: 500 is larger than max-page-size 200 (allowed: 1 to 200, or -1 for max-page-size)',
      "entities.Book.permissions[0].actions[1]: 'execute' is not allowed for a table (allowed: create, read, update, delete, *). Only stored procedures can be configured with the 'execute' action.",
      "entities.Book.permissions[1].role: role 'Anonymous' is listed twice (first at permissions[0]); merge its actions into one entry",
      "entities.Book.relationships.publisher[\"target.entity\"]: 'Publsher' is not an entity of this config (entities: Book, Publisher). Did you mean 'Publisher'?",
      "entities.Publisher.permissions[0].actions[1]: action 'read' is listed twice for role 'anonymous' (first at actions[0])",
      expect.stringMatching(
        /^entities\.Publisher\.rest\.path: "catalog\/\/x" is not a valid REST path: it contains an empty segment/,
      ),
    ])
  })

  it('states the count of problems in the message', () => {
    const error = caught(() => parseConfig({ entities: {} }, { baseDir: '/', env: {} }))
    expect(error.params['count']).toBe(1)
    expect(error.message).toBe("The configuration has 1 problem(s):\n  - (root): missing required key 'data-source'")
  })

  it('reports a root that is not an object and nothing else', () => {
    expect(problemLines(() => parseConfig([], { baseDir: '/', env: {} }))).toEqual([
      '(root): expected object, got array []',
    ])
  })

  it('keeps the file and baseDir it is given', () => {
    const config = parseConfig(MINIMAL, { baseDir: '/srv', file: '/srv/dab.json', env: { DB: 'x' } })
    expect(config.file).toBe('/srv/dab.json')
    expect(config.baseDir).toBe('/srv')
  })

  it('does not report a type problem where an environment variable is missing', () => {
    const lines = problemLines(() =>
      parseConfig(
        { ...MINIMAL, runtime: { rest: { enabled: "@env('REST_ON')" } } },
        { baseDir: '/', env: { DB: 'x' } },
      ),
    )
    expect(lines).toEqual([
      "runtime.rest.enabled: environment variable 'REST_ON' is not set (referenced as @env('REST_ON'))",
    ])
  })

  it('starts with a warning naming the variable where an unset one does not matter, keeping the text as written (DAB)', () => {
    const config = parseConfig(
      {
        ...MINIMAL,
        runtime: {
          telemetry: {
            'open-telemetry': {
              enabled: true,
              endpoint: 'http://otel:4317',
              'service-name': "@env('OTEL_SERVICE_NAME')",
            },
          },
        },
        entities: { Book: { ...MINIMAL.entities.Book, description: "@env('OTEL_SERVICE_NAME') books" } },
      },
      { baseDir: '/', env: { DB: 'x' } },
    )
    expect(config.warnings).toContain(
      "Environment variable 'OTEL_SERVICE_NAME' is not set; @env('OTEL_SERVICE_NAME') is kept as written at entities.Book.description, runtime.telemetry.open-telemetry.service-name.",
    )
    expect(config.entities.get('Book')?.description).toBe("@env('OTEL_SERVICE_NAME') books")
  })

  it('refuses an unset variable in the data source or in authentication, naming it', () => {
    const lines = problemLines(() =>
      parseConfig(
        {
          ...MINIMAL,
          runtime: {
            host: { authentication: { provider: 'Custom', jwt: { audience: "@env('AUD')", issuer: 'urn:x' } } },
          },
        },
        { baseDir: '/', env: {} },
      ),
    )
    expect(lines).toEqual([
      "data-source.connection-string: environment variable 'DB' is not set (referenced as @env('DB'))",
      "runtime.host.authentication.jwt.audience: environment variable 'AUD' is not set (referenced as @env('AUD'))",
    ])
  })

  it('refuses an @akv reference where it matters and warns elsewhere', () => {
    const lines = problemLines(() =>
      parseConfig(
        {
          ...MINIMAL,
          'data-source': { ...MINIMAL['data-source'], 'connection-string': "@akv('conn')" },
          runtime: { mcp: { description: "@akv('note')" } },
        },
        { baseDir: '/', env: {} },
      ),
    )
    expect(lines).toEqual([
      "data-source.connection-string: @akv('conn'): Azure Key Vault references (@akv) are not supported; put the secret in an environment variable and use @env('conn')",
    ])
  })

  it('validates values after substitution, so booleans and integers may come from variables', () => {
    const config = parseConfig(
      {
        ...MINIMAL,
        runtime: { rest: { enabled: "@env('REST_ON')" }, pagination: { 'max-page-size': "@env('MAX')" } },
      },
      { baseDir: '/', env: { DB: 'x', REST_ON: 'false', MAX: '500' } },
    )
    expect(config.runtime.rest.enabled).toBe(false)
    expect(config.runtime.pagination.maxPageSize).toBe(500)
  })
})
