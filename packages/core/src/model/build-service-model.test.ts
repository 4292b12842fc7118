import { describe, expect, it } from 'vitest'
import { BOOK_AUTHORS, BOOK_VIEW, BOOKS, metadataOf, table } from '../../test/support/library-metadata.js'
import { parseConfig } from '../config/load-config.js'
import { DEFAULT_CAPABILITIES } from '../dialect/dialect-capabilities.js'
import { isSluiceError } from '../errors/sluice-error.js'
import { buildServiceModel } from './build-service-model.js'

const config = (entities: Record<string, unknown>) =>
  parseConfig(
    { 'data-source': { 'database-type': 'postgresql', 'connection-string': 'x' }, entities },
    { baseDir: '/' },
  )

const metadata = metadataOf(BOOKS, BOOK_AUTHORS, BOOK_VIEW)
const anonymousRead = [{ role: 'anonymous', actions: ['read'] }]

describe('buildServiceModel', () => {
  it('exposes every column in database order, named by alias where configured', () => {
    const model = buildServiceModel(
      config({
        Book: {
          source: 'public.books',
          fields: [{ name: 'published', alias: 'publishedOn' }],
          permissions: anonymousRead,
        },
      }),
      metadata,
      DEFAULT_CAPABILITIES,
    )
    const book = model.entities.get('Book')!
    expect(book.fields.map((f) => f.name)).toEqual(['id', 'title', 'price', 'publishedOn', 'secret', 'doc'])
    expect(book.fieldsByName.get('publishedOn')?.column).toBe('published')
    expect(book.keyFields.map((f) => f.name)).toEqual(['id'])
    expect(book.rest.path).toBe('Book')
  })

  it('takes key fields from config in config order, else from the database key', () => {
    const model = buildServiceModel(
      config({
        Link: { source: 'public.book_authors', permissions: anonymousRead },
        LinkReversed: {
          source: 'public.book_authors',
          fields: [
            { name: 'author_id', 'primary-key': true },
            { name: 'book_id', 'primary-key': true },
          ],
          permissions: anonymousRead,
        },
        View: {
          source: { object: 'public.book_view', type: 'view' },
          fields: [{ name: 'id', 'primary-key': true }],
          permissions: anonymousRead,
        },
      }),
      metadata,
      DEFAULT_CAPABILITIES,
    )
    expect(model.entities.get('Link')!.keyFields.map((f) => f.name)).toEqual(['book_id', 'author_id'])
    expect(model.entities.get('LinkReversed')!.keyFields.map((f) => f.name)).toEqual(['author_id', 'book_id'])
    expect(model.entities.get('View')!.keyFields.map((f) => f.name)).toEqual(['id'])
  })

  it('reports every mismatch at once', () => {
    let error: unknown
    try {
      buildServiceModel(
        config({
          Missing: { source: 'public.nope', permissions: anonymousRead },
          MissingKeyColumn: {
            source: 'public.books',
            fields: [{ name: 'ident', 'primary-key': true }],
            permissions: anonymousRead,
          },
          Clash: { source: 'public.books', fields: [{ name: 'price', alias: 'title' }], permissions: anonymousRead },
          WrongKind: { source: { object: 'public.book_view', type: 'table' }, permissions: anonymousRead },
          BadPermission: {
            source: 'public.books',
            permissions: [{ role: 'anonymous', actions: [{ action: 'read', fields: { include: ['nope'] } }] }],
          },
          BadPolicy: {
            source: 'public.books',
            permissions: [
              {
                role: 'anonymous',
                actions: [
                  {
                    action: 'read',
                    fields: { exclude: ['secret'] },
                    policy: { database: '@item.secret eq @claims.x' },
                  },
                ],
              },
            ],
          },
        }),
        metadata,
        DEFAULT_CAPABILITIES,
      )
    } catch (e) {
      error = e
    }
    expect(isSluiceError(error) && error.code).toBe('SLUICE_ERR_MODEL')
    const message = (error as Error).message
    expect(message).toContain('6 problem(s)')
    expect(message).toContain('entities.Missing: table public.nope was not found')
    expect(message).toContain("entities.MissingKeyColumn: fields: column 'ident' does not exist in books.")
    expect(message).toContain("API name 'title' is used by both column 'title' and column 'price'")
    expect(message).toContain('is a view in the database, but source.type says table')
    expect(message).toContain("'nope' is not a field of this entity")
    expect(message).toContain('@item.secret is not among the fields this action may access')
  })

  it('starts where Data API builder starts: a fields entry naming a missing column is left out, with a warning', () => {
    const model = buildServiceModel(
      config({
        Book: {
          source: 'public.books',
          fields: [
            { name: 'spores', alias: 'hazards' },
            { name: 'title', alias: 'name' },
          ],
          permissions: anonymousRead,
        },
      }),
      metadata,
      DEFAULT_CAPABILITIES,
    )
    expect(model.entities.get('Book')!.fieldsByName.has('name')).toBe(true)
    expect(model.entities.get('Book')!.fieldsByName.has('hazards')).toBe(false)
    expect(model.warnings).toEqual([
      "entities.Book: fields: column 'spores' does not exist in books. The entry is ignored.",
    ])
  })

  it('starts with a policy it cannot parse, warning, and refuses every request that needs it (fails closed)', () => {
    const model = buildServiceModel(
      config({
        Book: {
          source: 'public.books',
          permissions: [
            { role: 'anonymous', actions: ['create', { action: 'read', policy: { database: '@item ne 1' } }] },
          ],
        },
      }),
      metadata,
      DEFAULT_CAPABILITIES,
    )
    const read = model.entities.get('Book')!.permissions.resolve('anonymous', 'read')!
    expect(read.policy).toBeUndefined()
    expect(read.policyProblem).toMatch(/unknown reference '@item'/)
    expect(model.entities.get('Book')!.permissions.resolve('anonymous', 'create')!.policyProblem).toBeUndefined()
    expect(model.warnings).toEqual([
      expect.stringMatching(
        /^entities\.Book: permissions\[0\]\.actions\[1\]\.policy\.database: .*Requests that need this permission are refused \(403\)/,
      ),
    ])
  })

  it('refuses stored procedures on engines without them', () => {
    expect(() =>
      buildServiceModel(
        config({
          Proc: {
            source: { object: 'public.p', type: 'stored-procedure' },
            permissions: [{ role: 'anonymous', actions: ['execute'] }],
          },
        }),
        metadata,
        DEFAULT_CAPABILITIES,
      ),
    ).toThrow(/stored procedures are not supported/)
  })

  it("expands '*' per source type: create, read, update, delete on tables; execute on stored procedures", () => {
    const model = buildServiceModel(
      config({
        Book: { source: 'public.books', permissions: [{ role: 'anonymous', actions: ['*'] }] },
        Proc: {
          source: { object: 'public.p', type: 'stored-procedure' },
          permissions: [{ role: 'anonymous', actions: '*' }],
        },
      }),
      metadataOf(BOOKS, table('public', 'p', [], [], 'stored-procedure')),
      { ...DEFAULT_CAPABILITIES, storedProcedures: true },
    )
    const book = model.entities.get('Book')!.permissions
    const proc = model.entities.get('Proc')!.permissions
    expect(
      (['create', 'read', 'update', 'delete', 'execute'] as const).filter(
        (a) => book.resolve('anonymous', a) !== undefined,
      ),
    ).toEqual(['create', 'read', 'update', 'delete'])
    expect(
      (['create', 'read', 'update', 'delete', 'execute'] as const).filter(
        (a) => proc.resolve('anonymous', a) !== undefined,
      ),
    ).toEqual(['execute'])
  })
})
