import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, runSluice, startSluice } from './support/run-sluice-cli.js'

/**
 * `sluice init`, `add`, `update` and `export` run as a Data API builder user runs `dab`, then `sluice validate` and
 * `sluice start` on what they wrote, against a PostgreSQL database of our own (dropped afterwards). Skips when
 * PostgreSQL is unreachable, except under CI=true, where it fails.
 */
const SCHEMA = `
  CREATE TABLE publishers (id int PRIMARY KEY, name text NOT NULL);
  CREATE TABLE books (id int PRIMARY KEY, title text NOT NULL, year int NOT NULL, secret text, publisher_id int REFERENCES publishers(id));
  CREATE TABLE authors (id int PRIMARY KEY, name text NOT NULL);
  CREATE TABLE book_author (book_id int REFERENCES books(id), author_id int REFERENCES authors(id), PRIMARY KEY (book_id, author_id));
  CREATE VIEW books_view AS SELECT id, title FROM books;
  CREATE FUNCTION books_by_year(wanted int) RETURNS TABLE (id int, title text) LANGUAGE sql STABLE
    AS $$ SELECT b.id, b.title FROM books b WHERE b.year = wanted ORDER BY b.id $$;
  INSERT INTO publishers VALUES (1, 'Harbour Press'), (2, 'Nightjar');
  INSERT INTO books VALUES (1, 'Old Tides', 1999, 'x', 1), (2, 'New Tides', 2001, 'y', 1), (3, 'Owls', 2010, 'z', 2);
  INSERT INTO authors VALUES (1, 'Ana'), (2, 'Ben');
  INSERT INTO book_author VALUES (1, 1), (2, 1), (2, 2);
`

const dir = mkdtempSync(join(tmpdir(), 'sluice-cli-entities-'))
const file = join(dir, 'dab-config.json')
let database: Awaited<ReturnType<typeof createTestDatabase>>
let unavailable: string | undefined

async function sluice(...args: string[]): Promise<string> {
  const run = await runSluice(args, dir)
  if (run.code !== 0)
    throw new Error(`sluice ${args.join(' ')} exited ${String(run.code)}:\n${run.stdout}${run.stderr}`)
  return run.stdout
}

const config = (): Record<string, any> => JSON.parse(readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, ''))

beforeAll(async () => {
  database = await createTestDatabase('sluice_cli_entities', SCHEMA)
  if ('unavailable' in database) unavailable = database.unavailable
})
afterAll(async () => {
  if (database !== undefined && !('unavailable' in database)) await database.drop()
})

describe('sluice init, add and update on PostgreSQL', () => {
  it('build a config from dab command lines that validates against the database', async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    if ('unavailable' in database) return
    await sluice(
      'init',
      '--database-type',
      'postgresql',
      '--connection-string',
      database.url,
      '--host-mode',
      'development',
      '--auth.provider',
      'Simulator',
    )
    // a comment of the user's own, which every later edit must keep
    writeFileSync(file, readFileSync(file, 'utf8').replace('{\n', '{\n  // shop catalogue, edited with sluice\n'))
    expect(await sluice('add', 'Publisher', '--source', 'publishers', '--permissions', 'anonymous:read')).toContain(
      'info: Added new entity: Publisher with source: publishers and permissions: anonymous:read.',
    )
    await sluice('add', 'Book', '-s', 'books', '--permissions', 'anonymous:read', '--graphql', 'book:books')
    await sluice('add', 'Author', '-s', 'authors', '--permissions', 'anonymous:*', '--rest', 'writers')
    await sluice(
      'add',
      'BookView',
      '-s',
      'books_view',
      '--source.type',
      'view',
      '--source.key-fields',
      'id',
      '--permissions',
      'anonymous:read',
    )
    await sluice(
      'add',
      'BooksByYear',
      '-s',
      'books_by_year',
      '--source.type',
      'stored-procedure',
      '--permissions',
      'anonymous:execute',
      '--parameters.name',
      'wanted',
      '--parameters.required',
      'true',
      '--parameters.description',
      'Publication year',
      '--rest.methods',
      'get,post',
      '--graphql.operation',
      'query',
    )
    expect(
      await sluice(
        'update',
        'Book',
        '--relationship',
        'publisher',
        '--target.entity',
        'Publisher',
        '--cardinality',
        'one',
        '--relationship.fields',
        'publisher_id:id',
      ),
    ).toContain('info: Updated the entity: Book.')
    await sluice(
      'update',
      'Publisher',
      '--relationship',
      'books',
      '--target.entity',
      'Book',
      '--cardinality',
      'many',
      '--relationship.fields',
      'id:publisher_id',
    )
    await sluice(
      'update',
      'Book',
      '--relationship',
      'authors',
      '--target.entity',
      'Author',
      '--cardinality',
      'many',
      '--linking.object',
      'book_author',
      '--linking.source.fields',
      'book_id',
      '--linking.target.fields',
      'author_id',
    )
    await sluice('update', 'Book', '-m', 'title:bookTitle')
    await sluice('update', 'Book', '--permissions', 'anonymous:read', '--fields.exclude', 'secret')
    await sluice('update', 'Book', '--permissions', 'editor:read,update', '--policy-database', '@item.year gt 2000')
    await sluice(
      'update',
      'Book',
      '--cache.enabled',
      'true',
      '--cache.ttl-seconds',
      '30',
      '--mcp.dml-tools',
      'false',
      '--description',
      'Books in the catalogue',
    )

    expect(readFileSync(file, 'utf8')).toContain('// shop catalogue, edited with sluice')
    const { entities } = config()
    expect(entities.Book).toEqual({
      description: 'Books in the catalogue',
      source: { object: 'books', type: 'table' },
      fields: [{ name: 'title', alias: 'bookTitle', 'primary-key': false }],
      graphql: { enabled: true, type: { singular: 'book', plural: 'books' } },
      rest: { enabled: true },
      permissions: [
        { role: 'anonymous', actions: [{ action: 'read', fields: { exclude: ['secret'] } }] },
        {
          role: 'editor',
          actions: [
            { action: 'read', policy: { database: '@item.year gt 2000' } },
            { action: 'update', policy: { database: '@item.year gt 2000' } },
          ],
        },
      ],
      relationships: {
        publisher: {
          cardinality: 'one',
          'target.entity': 'Publisher',
          'source.fields': ['publisher_id'],
          'target.fields': ['id'],
          'linking.source.fields': [],
          'linking.target.fields': [],
        },
        authors: {
          cardinality: 'many',
          'target.entity': 'Author',
          'source.fields': [],
          'target.fields': [],
          'linking.object': 'book_author',
          'linking.source.fields': ['book_id'],
          'linking.target.fields': ['author_id'],
        },
      },
      cache: { enabled: true, 'ttl-seconds': 30 },
      mcp: false,
    })
    expect(Object.keys(entities.Book)).toEqual([
      'description',
      'source',
      'fields',
      'graphql',
      'rest',
      'permissions',
      'relationships',
      'cache',
      'mcp',
    ])
    expect(entities.Author.rest).toEqual({ enabled: true, path: '/writers' })
    expect(entities.Author.permissions).toEqual([{ role: 'anonymous', actions: [{ action: '*' }] }])
    expect(entities.BookView.fields).toEqual([{ name: 'id', 'primary-key': true }])
    expect(entities.BooksByYear).toEqual({
      source: {
        object: 'books_by_year',
        type: 'stored-procedure',
        parameters: [{ name: 'wanted', description: 'Publication year', required: true }],
      },
      graphql: { enabled: true, operation: 'query', type: { singular: 'BooksByYear', plural: 'BooksByYears' } },
      rest: { enabled: true, methods: ['get', 'post'] },
      permissions: [{ role: 'anonymous', actions: [{ action: 'execute' }] }],
    })
    const validate = await runSluice(['validate'], dir)
    expect(validate.stderr).not.toContain('problem')
    expect(validate.stdout).toContain(`${file} is valid: 5 entities match the database.`)
  }, 120_000)

  it('serve what they wrote: aliases, excluded fields, policies, custom paths, views, procedures and relationships', async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    const server = await startSluice([], dir)
    try {
      const get = async (path: string, role?: string): Promise<any> => {
        const response = await fetch(server.url + path, {
          headers: role === undefined ? {} : { 'x-ms-api-role': role },
        })
        expect(response.status, path).toBe(200)
        return response.json()
      }
      expect((await get('/api/Book?$orderby=id', 'anonymous')).value).toEqual([
        { id: 1, bookTitle: 'Old Tides', year: 1999, publisher_id: 1 },
        { id: 2, bookTitle: 'New Tides', year: 2001, publisher_id: 1 },
        { id: 3, bookTitle: 'Owls', year: 2010, publisher_id: 2 },
      ])
      expect((await get('/api/Book?$select=id&$orderby=id', 'editor')).value).toEqual([{ id: 2 }, { id: 3 }])
      expect((await get('/api/writers?$orderby=id', 'anonymous')).value).toEqual([
        { id: 1, name: 'Ana' },
        { id: 2, name: 'Ben' },
      ])
      expect((await get('/api/BookView/id/3', 'anonymous')).value).toEqual([{ id: 3, title: 'Owls' }])
      expect((await get('/api/BooksByYear?wanted=2001', 'anonymous')).value).toEqual([{ id: 2, title: 'New Tides' }])
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ms-api-role': 'anonymous' },
        body: JSON.stringify({
          query:
            '{ books(orderBy: {id: ASC}, first: 2) { items { id bookTitle publisher { name } authors(orderBy: {id: ASC}) { items { name } } } } }',
        }),
      })
      expect(await response.json()).toEqual({
        data: {
          books: {
            items: [
              {
                id: 1,
                bookTitle: 'Old Tides',
                publisher: { name: 'Harbour Press' },
                authors: { items: [{ name: 'Ana' }] },
              },
              {
                id: 2,
                bookTitle: 'New Tides',
                publisher: { name: 'Harbour Press' },
                authors: { items: [{ name: 'Ana' }, { name: 'Ben' }] },
              },
            ],
          },
        },
      })
    } finally {
      await server.stop()
    }
  }, 60_000)

  it('export the GraphQL schema Sluice serves as SDL', async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    expect(await sluice('export', '--graphql', '-o', 'schema', '-g', 'catalogue.graphql')).toContain(
      'info: Successfully exported the schema file.',
    )
    const sdl = readFileSync(join(dir, 'schema', 'catalogue.graphql'), 'utf8')
    expect(sdl).toMatch(/^type book \{$/m)
    expect(sdl).toMatch(/^ {2}bookTitle: String!$/m)
    expect(sdl).toMatch(/^ {2}books\(/m)
    expect(sdl).toMatch(/^ {2}executeBooksByYear\(\n\s+"""Publication year"""\n\s+wanted: Int!/m)
    const missing = await runSluice(['export', '-o', 'schema'], dir)
    expect(missing.code).toBe(1)
    expect(missing.stderr).toBe(
      'fail: Exporting GraphQL schema is not enabled. You need to pass --graphql.\nfail: Failed to export the graphql schema.\n',
    )
  }, 60_000)

  it("refuse invalid edits with dab's messages, exit 1, and leave the file as it was", async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    const before = readFileSync(file, 'utf8')
    const cases: Array<[string[], string]> = [
      [
        ['update', 'Book', '--relationship', 'x', '--target.entity', 'Nope', '--cardinality', 'one'],
        "fail: Entity: 'Nope' is not present. Relationship cannot be added.",
      ],
      [
        ['update', 'Book', '--relationship', 'x', '--target.entity', 'Publisher', '--cardinality', 'several'],
        "fail: Failed to parse the given cardinality :'several'. Supported values are 'one' or 'many'.",
      ],
      [
        ['update', 'Book', '--cardinality', 'one'],
        'fail: --cardinality configures a relationship: add --relationship NAME.',
      ],
      [
        ['update', 'Book', '--fields.exclude', 'year'],
        'fail: --permissions is mandatory with --fields.include and --fields.exclude.',
      ],
      [['update', 'Ghost', '--rest', 'false'], "fail: Entity: 'Ghost' not found. Please add the entity first."],
      [
        ['update', 'Book', '--graphql.operation', 'query'],
        'fail: --graphql.operation can be configured only for stored procedures.',
      ],
      [
        ['add', 'Book', '-s', 'books', '--permissions', 'anonymous:read'],
        "fail: Entity 'Book' is already present. No new changes are added to Config.",
      ],
      [
        ['add', 'X', '-s', 'books', '--permissions', 'anonymous:fetch'],
        "fail: Invalid actions found in --permissions: 'fetch'",
      ],
      [
        ['add', 'X', '-s', 'books', '--permissions', 'anonymous'],
        'fail: Invalid format for permission. Acceptable format: --permissions "<<role>>:<<actions>>"',
      ],
      [
        ['add', 'X', '-s', 'books', '--permissions', 'anonymous:*,read'],
        'fail: WILDCARD(*) along with other CRUD operations in a single operation is not allowed.',
      ],
      [
        ['add', 'X', '-s', 'books_by_year', '--source.type', 'stored-procedure', '--permissions', 'anonymous:read'],
        'fail: Stored Procedure supports only execute operation.',
      ],
      [
        ['add', 'X', '-s', 'books', '--permissions', 'anonymous:read', '--source.params', 'a:1'],
        "fail: Tables/Views don't support parameters.",
      ],
      [
        ['add', 'X', '-s', 'books', '--permissions', 'anonymous:read', '--policy-request', '@claims.x eq 1'],
        'fail: --policy-request is not supported',
      ],
      [
        ['add', 'X', '-s', 'books', '--permissions', 'anonymous:read', '--cache.level', 'L3'],
        'fail: Invalid format for --cache.level. Accepted values are L1, L1L2.',
      ],
      [
        ['add', 'X', '-s', 'books', '--permissions', 'anonymous:read', '--mcp.custom-tool', 'true'],
        'fail: --mcp.custom-tool can only be enabled for stored procedures.',
      ],
      [['add', 'X', '--permissions', 'anonymous:read'], 'fail: Required option -s/--source is missing'],
      [
        ['add', '-s', 'books', '--permissions', 'anonymous:read'],
        'fail: Entity name is missing. Usage: sluice add [entity-name] [add-options]',
      ],
      [
        ['add', 'X', '-s', 'books', '--permisions', 'anonymous:read'],
        "fail: unknown option '--permisions' (Did you mean --permissions?)",
      ],
    ]
    for (const [args, message] of cases) {
      const run = await runSluice(args, dir)
      expect(run.code, args.join(' ')).toBe(1)
      expect(run.stderr, args.join(' ')).toContain(message)
      expect(run.stderr).not.toMatch(/\n\s+at /)
    }
    expect(readFileSync(file, 'utf8')).toBe(before)
  }, 120_000)
})
