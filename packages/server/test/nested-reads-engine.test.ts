import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANONYMOUS_PRINCIPAL, Filter, type OperationRequest, type RequestContext } from '@sluice/core'
import type { SluiceServer } from '../src/index.js'
import { startLibraryServer } from './support/library-test-server.js'
import { recordStatements } from './support/record-statements.js'

/**
 * Nested reads at the engine level, on the library sample (PGlite): the pipeline run directly with OperationRequests,
 * the driver's statements counted, results compared with plain SQL over the same data.
 */
let server: SluiceServer
let statements: string[] = []

beforeAll(async () => {
  server = await startLibraryServer()
  // Count what the pipeline sends; the statements still run on the real database.
  statements = recordStatements(server)
})
afterAll(async () => server.close())

const context = (role = 'anonymous'): RequestContext => ({
  requestId: 'test',
  principal: role === 'anonymous' ? ANONYMOUS_PRINCIPAL : { authenticated: true, roles: [role], claims: {} },
  role,
  mode: 'development',
  log: server.sluice.log,
  signal: undefined,
})

async function read(
  request: Omit<OperationRequest, 'operation'>,
  role?: string,
): Promise<{ rows: any[]; hasNextPage: boolean; endCursor: string | null }> {
  const result = await server.sluice.pipeline.run({ operation: 'read', ...request }, context(role))
  if (result.kind !== 'read') throw new Error('expected a read')
  return { rows: JSON.parse(result.json), hasNextPage: result.hasNextPage, endCursor: result.endCursor }
}

async function sql(text: string, parameters: unknown[] = []): Promise<any[]> {
  return (
    await server.sluice.driver.execute({ sql: text, parameters, name: undefined }, { signal: undefined } as never)
  ).rows as any[]
}

/** The cursor with one character in the middle changed. */
function tamper(cursor: string): string {
  const i = Math.floor(cursor.length / 2)
  return `${cursor.slice(0, i)}${cursor[i] === 'A' ? 'B' : 'A'}${cursor.slice(i + 1)}`
}

describe('nested reads', () => {
  it('runs a 3-level nested query as one statement and returns what joins return', async () => {
    statements.length = 0
    const { rows } = await read({
      entity: 'Publisher',
      select: ['id', 'name'],
      orderBy: [{ field: 'id', direction: 'asc' }],
      first: 3,
      relations: [
        {
          relationship: 'books',
          as: 'books',
          select: ['id', 'title'],
          orderBy: [{ field: 'title', direction: 'asc' }],
          first: 40,
          relations: [
            {
              relationship: 'authors',
              as: 'writers',
              select: ['id', 'name'],
              first: 40,
              relations: [{ relationship: 'books', as: 'books', select: ['id'], first: 40 }],
            },
            { relationship: 'publisher', as: 'publisher', select: ['name'] },
          ],
        },
      ],
    })
    expect(statements).toHaveLength(1)
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3])
    for (const publisher of rows) {
      const books = await sql('select id, title from books where publisher_id = $1 order by title, id', [publisher.id])
      expect(publisher.books.items.map((b: any) => [b.id, b.title])).toEqual(books.map((b) => [b.id, b.title]))
      expect(publisher.books.hasNextPage).toBe(false)
      expect(publisher.books.endCursor).toBeNull()
      for (const book of publisher.books.items) {
        expect(book.publisher).toEqual({ name: publisher.name })
        const authors = await sql(
          'select a.id, a.name from authors a join book_authors ba on ba.author_id = a.id where ba.book_id = $1 order by a.id',
          [book.id],
        )
        expect(book.writers.items.map((a: any) => [a.id, a.name])).toEqual(authors.map((a) => [a.id, a.name]))
        for (const author of book.writers.items) {
          const theirs = await sql('select book_id as id from book_authors where author_id = $1 order by book_id', [
            author.id,
          ])
          expect(author.books.items).toEqual(theirs)
        }
      }
    }
  })

  it('caches SQL per shape: response keys and nested page sizes are part of the shape', async () => {
    const shape = async (as: string, first: number) =>
      (
        await read({
          entity: 'Book',
          key: { id: 1 },
          select: ['id'],
          relations: [{ relationship: 'reviews', as, select: ['id'], first }],
        })
      ).rows[0]
    const a = await shape('a', 1)
    const b = await shape('b', 1)
    expect(Object.keys(a)).toEqual(['id', 'a'])
    expect(Object.keys(b)).toEqual(['id', 'b'])
    const reviews = await sql('select id from reviews where book_id = 1 order by id')
    expect((await shape('a', 2)).a.items).toEqual(reviews.slice(0, 2))
    expect(a.a.items).toEqual(reviews.slice(0, 1))
  })

  it('pages nested lists per parent, with cursors that continue them', async () => {
    const first = await read(
      {
        entity: 'Book',
        key: { id: 1 },
        relations: [
          {
            relationship: 'loans',
            as: 'loans',
            select: ['id'],
            first: 2,
            orderBy: [{ field: 'id', direction: 'desc' }],
          },
        ],
      },
      'authenticated',
    )
    const loans = await sql('select id from loans where book_id = 1 order by id desc')
    expect(loans.length).toBeGreaterThan(4)
    const page = first.rows[0].loans
    expect(page.items).toEqual(loans.slice(0, 2))
    expect(page.hasNextPage).toBe(true)
    expect(typeof page.endCursor).toBe('string')
    const second = await read(
      {
        entity: 'Book',
        key: { id: 1 },
        relations: [
          {
            relationship: 'loans',
            as: 'loans',
            select: ['id'],
            first: 2,
            orderBy: [{ field: 'id', direction: 'desc' }],
            after: page.endCursor,
          },
        ],
      },
      'authenticated',
    )
    expect(second.rows[0].loans.items).toEqual(loans.slice(2, 4))
    // A tampered cursor is a 400, never a skipped page.
    await expect(
      read(
        {
          entity: 'Book',
          key: { id: 1 },
          relations: [
            {
              relationship: 'loans',
              as: 'loans',
              first: 2,
              orderBy: [{ field: 'id', direction: 'desc' }],
              after: tamper(page.endCursor),
            },
          ],
        },
        'authenticated',
      ),
    ).rejects.toMatchObject({ code: 'SLUICE_ERR_INVALID_CURSOR' })
  })

  it('filters nested lists and filters parents by related rows (EXISTS)', async () => {
    const { rows } = await read({
      entity: 'Book',
      select: ['id'],
      orderBy: [{ field: 'id', direction: 'asc' }],
      first: 100,
      filter: Filter.related('reviews', Filter.comparison('eq', Filter.field('rating'), Filter.literal(5, 'number'))),
      relations: [
        {
          relationship: 'reviews',
          as: 'top',
          select: ['rating'],
          filter: Filter.comparison('eq', Filter.field('rating'), Filter.literal(5, 'number')),
        },
      ],
    })
    const expected = await sql('select distinct book_id as id from reviews where rating = 5 order by book_id limit 100')
    expect(rows.map((r) => ({ id: r.id }))).toEqual(expected)
    for (const book of rows) {
      expect(book.top.items.length).toBeGreaterThan(0)
      expect(book.top.items.every((r: any) => r.rating === 5)).toBe(true)
    }
  })

  it('applies the target entity field access: forbidden nested fields are the unknown-field 400', async () => {
    await expect(
      read({
        entity: 'Book',
        key: { id: 1 },
        relations: [{ relationship: 'authors', as: 'authors', select: ['email'] }],
      }),
    ).rejects.toMatchObject({ code: 'SLUICE_ERR_INVALID_FIELD', status: 400 })
    const { rows } = await read({
      entity: 'Book',
      key: { id: 1 },
      relations: [{ relationship: 'authors', as: 'authors' }],
    })
    for (const author of rows[0].authors.items) expect(Object.keys(author)).not.toContain('email')
  })

  it('needs read on the target entity: a role that cannot read it gets 403', async () => {
    await expect(
      read({ entity: 'Book', key: { id: 1 }, relations: [{ relationship: 'loans', as: 'loans' }] }),
    ).rejects.toMatchObject({ code: 'SLUICE_ERR_FORBIDDEN', status: 403 })
    await expect(
      read({ entity: 'Book', filter: Filter.related('loans', Filter.constant(true)) }),
    ).rejects.toMatchObject({ status: 403 })
  })

  it('refuses unknown relationships and paging arguments on a one relationship', async () => {
    await expect(
      read({ entity: 'Book', key: { id: 1 }, relations: [{ relationship: 'nope', as: 'nope' }] }),
    ).rejects.toMatchObject({ code: 'SLUICE_ERR_INVALID_FIELD' })
    await expect(
      read({ entity: 'Book', key: { id: 1 }, relations: [{ relationship: 'publisher', as: 'p', first: 2 }] }),
    ).rejects.toMatchObject({ code: 'SLUICE_ERR_INVALID_RELATION' })
  })
})

describe('aggregation', () => {
  it('groups, aggregates and filters groups in one statement, as SQL does', async () => {
    statements.length = 0
    const { rows, hasNextPage, endCursor } = await read({
      entity: 'Book',
      filter: Filter.comparison('gt', Filter.field('pages'), Filter.literal(0, 'number')),
      aggregate: {
        groupBy: ['publisher_id'],
        aggregations: [
          { as: 'books', function: 'count', field: 'id' },
          { as: 'maxPrice', function: 'max', field: 'price' },
          { as: 'avgPages', function: 'avg', field: 'pages' },
          { as: 'priced', function: 'count', field: 'price', distinct: true, having: [{ op: 'ge', value: 2 }] },
        ],
      },
    })
    expect(statements).toHaveLength(1)
    expect(hasNextPage).toBe(false)
    expect(endCursor).toBeNull()
    const expected =
      await sql(`select publisher_id, count(id)::int as books, max(price)::float8 as max_price, avg(pages)::float8 as avg_pages,
      count(distinct price)::int as priced from books where pages > 0 group by publisher_id having count(distinct price) >= 2 order by publisher_id`)
    expect(
      rows.map((g) => [
        g.fields.publisher_id,
        g.aggregations.books,
        Number(g.aggregations.maxPrice),
        Number(g.aggregations.avgPages),
        g.aggregations.priced,
      ]),
    ).toEqual(expected.map((e) => [e.publisher_id, e.books, e.max_price, e.avg_pages, e.priced]))
  })

  it('aggregates over all rows without groupBy, after the row filter', async () => {
    const { rows } = await read({
      entity: 'Book',
      aggregate: { groupBy: [], aggregations: [{ as: 'count', function: 'count', field: 'id' }] },
    })
    const [{ n }] = await sql('select count(*)::int as n from books')
    expect(rows).toEqual([{ fields: {}, aggregations: { count: n } }])
  })

  it('refuses unreadable and non-numeric fields', async () => {
    await expect(read({ entity: 'Author', aggregate: { groupBy: ['email'], aggregations: [] } })).rejects.toMatchObject(
      { code: 'SLUICE_ERR_INVALID_FIELD', status: 400 },
    )
    await expect(
      read({
        entity: 'Author',
        aggregate: { groupBy: [], aggregations: [{ as: 'n', function: 'count', field: 'email' }] },
      }),
    ).rejects.toMatchObject({ code: 'SLUICE_ERR_INVALID_FIELD' })
    await expect(
      read({
        entity: 'Book',
        aggregate: { groupBy: [], aggregations: [{ as: 's', function: 'sum', field: 'title' }] },
      }),
    ).rejects.toMatchObject({ code: 'SLUICE_ERR_INVALID_AGGREGATE', status: 400 })
  })
})

describe('nested reads on a narrowed root page and a self-reference', () => {
  let own: SluiceServer
  beforeAll(async () => {
    // Book → Book through publisher_id on both sides: the same table under two aliases.
    own = await startLibraryServer({
      entities: {
        Book: {
          relationships: {
            samePublisher: {
              cardinality: 'many',
              'target.entity': 'Book',
              'source.fields': ['publisher_id'],
              'target.fields': ['publisher_id'],
            },
          },
        },
      },
    })
  })
  afterAll(async () => own.close())

  it('keeps the join columns when the root ordering is not among the selected fields, and joins a table to itself', async () => {
    const result = await own.sluice.pipeline.run(
      {
        operation: 'read',
        entity: 'Book',
        select: ['title'],
        orderBy: [{ field: 'publishedOn', direction: 'desc' }],
        first: 5,
        relations: [
          { relationship: 'samePublisher', as: 'siblings', select: ['id'], first: 100 },
          { relationship: 'publisher', as: 'publisher', select: ['id'] },
        ],
      },
      context(),
    )
    if (result.kind !== 'read') throw new Error('expected a read')
    const rows = JSON.parse(result.json) as any[]
    expect(rows).toHaveLength(5)
    expect(result.hasNextPage).toBe(true)
    for (const book of rows) {
      expect(Object.keys(book)).toEqual(['title', 'siblings', 'publisher'])
      const siblings = await sql('select id from books where publisher_id = $1 order by id', [book.publisher.id])
      expect(book.siblings.items).toEqual(siblings)
    }
  })
})
