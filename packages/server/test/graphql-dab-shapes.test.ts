import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '@sluice/core'
import { createServer, type SluiceServer } from '../src/index.js'

// Data API builder clients' documents must validate against Sluice's schema unchanged (issue 14, defect 7): the
// input and output types carry Data API builder's names and nullability. The fixture uses the forms of Data API
// builder's own test config — lower-case singulars (`book`, `createbook`, `bookFilterInput`), unqualified source
// names, a view keyed by config — and every document below is written the way a Data API builder client writes it,
// variables typed with Data API builder's type names.

const SEED = `
create table publishers (id int primary key, name text not null);
create table books (
  id serial primary key, title text not null, publisher_id int not null references publishers(id), isbn uuid,
  price numeric(10, 2), pages smallint, rating real, copies bigint, cover bytea, published timestamp, opens time,
  in_print boolean not null default true, tags text[]
);
create table reviews (id serial primary key, book_id int not null references books(id), content text not null, stars int);
create view books_view as select id, title, publisher_id from books;
create function touch_book(book int) returns void language sql as 'update books set title = title where id = book';
insert into publishers values (1, 'Big Company'), (2, 'Small Company');
insert into books (title, publisher_id, isbn, price, pages, rating, copies, cover, published, opens, in_print, tags) values
  ('Awesome book', 1, '3a1483a5-9ac2-4998-bcf3-78a28078c6ac', 20.50, 120, 4.5, 9000000000000000000, '\\x0102', '2020-01-01 10:00', '09:00', true, '{a,b}'),
  ('Also Awesome book', 1, null, 10.00, 300, 3.5, 5, null, '2021-06-01 12:30', null, false, null),
  ('Great wall of china explained', 2, null, null, 45, null, null, null, null, '17:30', true, '{}');
insert into reviews (book_id, content, stars) values (1, 'Indeed a great book', 5), (1, 'I loved it', 4), (2, 'best book I read in years', 5);
`

const ANYONE = [{ role: 'anonymous', actions: ['*'] }]
const ENTITIES = {
  Publisher: {
    source: { object: 'publishers', type: 'table' },
    graphql: { type: { singular: 'Publisher', plural: 'Publishers' } },
    permissions: ANYONE,
    relationships: { books: { cardinality: 'many', 'target.entity': 'Book' } },
  },
  Book: {
    source: { object: 'books', type: 'table' },
    graphql: { type: { singular: 'book', plural: 'books' } },
    permissions: ANYONE,
    relationships: {
      publishers: { cardinality: 'one', 'target.entity': 'Publisher' },
      reviews: { cardinality: 'many', 'target.entity': 'Review' },
    },
  },
  Review: {
    source: { object: 'reviews', type: 'table' },
    graphql: { type: { singular: 'review', plural: 'reviews' } },
    permissions: ANYONE,
    relationships: { books: { cardinality: 'one', 'target.entity': 'Book' } },
  },
  books_view: {
    source: { object: 'books_view', type: 'view' },
    fields: [{ name: 'id', 'primary-key': true }],
    graphql: { type: { singular: 'books_view', plural: 'books_views' } },
    permissions: [{ role: 'anonymous', actions: ['read'] }],
  },
  TouchBook: {
    source: { object: 'touch_book', type: 'stored-procedure' },
    permissions: [{ role: 'anonymous', actions: ['execute'] }],
  },
}

const dir = mkdtempSync(join(tmpdir(), 'sluice-dab-shapes-'))
let server: SluiceServer
let nested: SluiceServer

function start(multipleCreate: boolean): Promise<SluiceServer> {
  const config = parseConfig(
    {
      'data-source': { 'database-type': 'pglite', 'connection-string': '', options: { seed: join(dir, 'seed.sql') } },
      runtime: { graphql: { 'multiple-mutations': { create: { enabled: multipleCreate } } } },
      entities: ENTITIES,
    },
    { baseDir: dir, env: {} },
  )
  return createServer({ config, logger: false })
}

beforeAll(async () => {
  writeFileSync(join(dir, 'seed.sql'), SEED)
  ;[server, nested] = await Promise.all([start(false), start(true)])
}, 60_000)

afterAll(async () => {
  await Promise.all([server?.close(), nested?.close()])
})

async function post(
  query: string,
  variables?: Record<string, unknown>,
  on: SluiceServer = server,
): Promise<{ status: number; body: any }> {
  const res = await on.app.inject({ method: 'POST', url: '/graphql', payload: { query, variables } })
  return { status: res.statusCode, body: JSON.parse(res.body) }
}

/** Runs a document that must validate and succeed; returns `data`. */
async function run(query: string, variables?: Record<string, unknown>, on: SluiceServer = server): Promise<any> {
  const { status, body } = await post(query, variables, on)
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
  expect(status).toBe(200)
  return body.data
}

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }'
function print(t: any): string {
  if (t.kind === 'NON_NULL') return `${print(t.ofType)}!`
  if (t.kind === 'LIST') return `[${print(t.ofType)}]`
  return t.name
}
/** A type's fields (or input fields) as `name(args): Type` lines, in schema order. */
async function shape(name: string, on: SluiceServer = server): Promise<string[]> {
  const data = await run(
    `{ __type(name: "${name}") { fields { name args { name type { ${TYPE_REF} } } type { ${TYPE_REF} } } inputFields { name type { ${TYPE_REF} } } } }`,
    undefined,
    on,
  )
  const type = data.__type
  if (type === null) return []
  if (type.inputFields !== null) return type.inputFields.map((f: any) => `${f.name}: ${print(f.type)}`)
  return type.fields.map((f: any) => {
    const args = f.args.length === 0 ? '' : `(${f.args.map((a: any) => `${a.name}: ${print(a.type)}`).join(', ')})`
    return `${f.name}${args}: ${print(f.type)}`
  })
}
async function rootField(
  root: 'Query' | 'Mutation',
  name: string,
  on: SluiceServer = server,
): Promise<string | undefined> {
  return (await shape(root, on)).find((line) => line.startsWith(`${name}(`) || line.startsWith(`${name}:`))
}

describe("GraphQL types with Data API builder's names and nullability", () => {
  it("filter inputs per scalar: operators in Data API builder's order, in: [T], UUID as UuidFilterInput", async () => {
    expect(await shape('IntFilterInput')).toEqual([
      'eq: Int',
      'gt: Int',
      'gte: Int',
      'lt: Int',
      'lte: Int',
      'neq: Int',
      'isNull: Boolean',
      'in: [Int]',
    ])
    expect(await shape('StringFilterInput')).toEqual([
      'eq: String',
      'contains: String',
      'notContains: String',
      'startsWith: String',
      'endsWith: String',
      'neq: String',
      'isNull: Boolean',
      'in: [String]',
      // Sluice's addition (DAB users' request), last so DAB's operators keep their order.
      'caseInsensitive: Boolean',
    ])
    expect(await shape('UuidFilterInput')).toEqual([
      'eq: UUID',
      'contains: UUID',
      'notContains: UUID',
      'startsWith: UUID',
      'endsWith: UUID',
      'neq: UUID',
      'isNull: Boolean',
      'in: [UUID]',
    ])
    expect(await shape('BooleanFilterInput')).toEqual([
      'eq: Boolean',
      'neq: Boolean',
      'isNull: Boolean',
      'in: [Boolean]',
    ])
    expect(await shape('Base64StringFilterInput')).toEqual(['isNull: Boolean'])
    for (const scalar of ['Short', 'Long', 'Single', 'Decimal', 'DateTime', 'LocalTime']) {
      expect((await shape(`${scalar}FilterInput`)).at(-1)).toBe(`in: [${scalar}]`)
    }
  })

  it('entity filter and order inputs: relationships filter, and/or take [T], every non-array field orders', async () => {
    const filter = await shape('bookFilterInput')
    expect(filter).toContain('isbn: UuidFilterInput')
    expect(filter).toContain('publishers: PublisherFilterInput')
    expect(filter).toContain('reviews: reviewFilterInput')
    expect(filter.slice(-2)).toEqual(['and: [bookFilterInput]', 'or: [bookFilterInput]'])
    expect(await shape('bookOrderByInput')).toEqual([
      'id: OrderBy',
      'title: OrderBy',
      'publisher_id: OrderBy',
      'isbn: OrderBy',
      'price: OrderBy',
      'pages: OrderBy',
      'rating: OrderBy',
      'copies: OrderBy',
      'cover: OrderBy',
      'published: OrderBy',
      'opens: OrderBy',
      'in_print: OrderBy',
    ])
  })

  it('root fields: list, by-key (nullable key column → nullable argument), mutations', async () => {
    expect(await rootField('Query', 'books')).toBe(
      'books(first: Int, after: String, filter: bookFilterInput, orderBy: bookOrderByInput): bookConnection',
    )
    expect(await rootField('Query', 'book_by_pk')).toBe('book_by_pk(id: Int!): book')
    expect(await rootField('Query', 'books_view_by_pk')).toBe('books_view_by_pk(id: Int): books_view')
    expect(await rootField('Mutation', 'createbook')).toBe('createbook(item: CreatebookInput!): book')
    expect(await rootField('Mutation', 'createbooks')).toBeUndefined()
    expect(await rootField('Mutation', 'createbooks', nested)).toBe(
      'createbooks(items: [CreatebookInput!]): bookConnection',
    )
    expect(await rootField('Mutation', 'updatebook')).toBe('updatebook(id: Int!, item: UpdatebookInput!): book')
    expect(await rootField('Mutation', 'deletebook')).toBe('deletebook(id: Int!): book')
    expect(await rootField('Mutation', 'executeTouchBook')).toBe('executeTouchBook(book: Int!): [TouchBook!]')
    expect(await shape('TouchBook')).toEqual(['result: String'])
  })

  it('object, connection and aggregation types', async () => {
    const book = await shape('book')
    expect(book).toContain('publishers: Publisher!')
    expect(book).toContain('tags: JSON')
    expect(book).toContain(
      'reviews(first: Int, after: String, filter: reviewFilterInput, orderBy: reviewOrderByInput): reviewConnection',
    )
    expect(await shape('bookConnection')).toEqual([
      'items: [book!]!',
      'endCursor: String',
      'hasNextPage: Boolean!',
      'totalCount: Int!',
      'groupBy(fields: [bookScalarFields!]): [bookGroupBy!]!',
    ])
    expect(await shape('bookGroupBy')).toEqual(['fields: book', 'aggregations: bookAggregations'])
    const args = '(field: bookNumericAggregateFields!, having: DecimalFilterInput, distinct: Boolean)'
    expect(await shape('bookAggregations')).toEqual([
      `max${args}: Float`,
      `min${args}: Float`,
      `avg${args}: Float`,
      `sum${args}: Float`,
      `count${args}: Int`,
    ])
    expect(await shape('reviewAggregations')).toContain(
      'count(field: reviewNumericAggregateFields!, having: IntFilterInput, distinct: Boolean): Int',
    )
  })

  it('create and update inputs: required only where Data API builder requires, key fields in updates', async () => {
    // Required: NOT NULL without a default; generated columns (serial, computed) are not inputs.
    expect(await shape('CreatebookInput')).toEqual([
      'title: String!',
      'publisher_id: Int!',
      'isbn: UUID',
      'price: Decimal',
      'pages: Short',
      'rating: Single',
      'copies: Long',
      'cover: Base64String',
      'published: DateTime',
      'opens: LocalTime',
      'in_print: Boolean',
      'tags: JSON',
    ])
    expect(await shape('CreatePublisherInput')).toEqual(['id: Int!', 'name: String!'])
    expect(await shape('UpdatePublisherInput')).toEqual(['id: Int', 'name: String'])
    expect((await shape('UpdatebookInput')).every((line) => !line.endsWith('!') && !line.startsWith('id:'))).toBe(true)
    // With nested create a child's join fields come from its parent, so nothing is required; many relationships take [T].
    expect(await shape('CreatePublisherInput', nested)).toEqual(['id: Int', 'name: String', 'books: [CreatebookInput]'])
    expect(await shape('CreatebookInput', nested)).toContain('reviews: [CreatereviewInput]')
  })
})

describe('Data API builder client documents validate and run', () => {
  it('in lists typed [Int]! and [String], null items matching nothing', async () => {
    const ints = await run(
      'query ($ids: [Int]!) { books(filter: { id: { in: $ids } }, orderBy: { id: ASC }) { items { id } } }',
      { ids: [1, null, 3] },
    )
    expect(ints.books.items).toEqual([{ id: 1 }, { id: 3 }])
    const strings = await run(
      'query ($titles: [String]) { books(filter: { title: { in: $titles } }) { items { title } } }',
      { titles: ['Awesome book'] },
    )
    expect(strings.books.items).toEqual([{ title: 'Awesome book' }])
  })

  it('and/or lists, filter and order inputs, page arguments as variables', async () => {
    const query = `query ($and: [bookFilterInput], $or: [bookFilterInput], $order: bookOrderByInput, $first: Int, $after: String) {
      books(filter: { and: $and, or: $or }, orderBy: $order, first: $first, after: $after) { items { id } endCursor hasNextPage } }`
    const first = await run(query, {
      and: [{ publisher_id: { eq: 1 } }, null],
      or: [{ pages: { gt: 100 } }, { in_print: { eq: false } }],
      order: { id: 'DESC' },
      first: 1,
    })
    expect(first.books).toMatchObject({ items: [{ id: 2 }], hasNextPage: true })
    const next = await run(query, {
      and: [{ publisher_id: { eq: 1 } }],
      order: { id: 'DESC' },
      first: 1,
      after: first.books.endCursor,
    })
    expect(next.books).toMatchObject({ items: [{ id: 1 }], hasNextPage: false })
    // Explicit nulls add no condition (only eq/neq: null test for null).
    const nulls = await run(
      '{ books(filter: { id: { gte: 2, lte: null }, title: null, or: null }, orderBy: { id: ASC }) { items { id } } }',
    )
    expect(nulls.books.items).toEqual([{ id: 2 }, { id: 3 }])
  })

  it('scalar-typed variables and named filter input types for every column type', async () => {
    const data = await run(
      `query ($isbn: UuidFilterInput, $price: Decimal, $pages: ShortFilterInput, $rating: Single, $copies: Long,
        $published: DateTimeFilterInput, $opens: LocalTime, $inPrint: Boolean, $cover: Base64StringFilterInput, $title: StringFilterInput) {
      books(filter: { isbn: $isbn, price: { gte: $price }, pages: $pages, rating: { gt: $rating }, copies: { eq: $copies },
        published: $published, opens: { lt: $opens }, in_print: { eq: $inPrint }, cover: $cover, title: $title }) { items { id } } }`,
      {
        isbn: { eq: '3a1483a5-9ac2-4998-bcf3-78a28078c6ac' },
        price: '20.5',
        pages: { in: [120, null] },
        rating: 4,
        copies: '9000000000000000000',
        published: { lt: '2020-06-01T00:00:00' },
        opens: '10:00:00',
        inPrint: true,
        cover: { isNull: false },
        title: { contains: 'Awesome' },
      },
    )
    expect(data.books.items).toEqual([{ id: 1 }])
    // Text operators on a UUID validate (UUID operands, as in Data API builder); core refuses them per request.
    const text = await post('query ($isbn: UUID) { books(filter: { isbn: { startsWith: $isbn } }) { items { id } } }', {
      isbn: '3a1483a5',
    })
    expect(text.body.errors[0]).toMatchObject({
      message: "filter: startsWith needs a text field; 'isbn' is uuid.",
      extensions: { status: 400 },
    })
  })

  it('orders by booleans and UUIDs; a binary field validates and is refused per request', async () => {
    const data = await run('{ books(orderBy: { in_print: ASC, isbn: DESC, id: ASC }) { items { id } } }')
    expect(data.books.items.map((b: any) => b.id)).toEqual([2, 1, 3])
    const binary = await post('{ books(orderBy: { cover: ASC }) { items { id } } }')
    expect(binary.status).toBe(200)
    expect(binary.body.data).toEqual({ books: null })
    expect(binary.body.errors[0].extensions.status).toBe(400)
  })

  it('by-key reads with a nullable view key and non-null table key', async () => {
    const view = await run('query ($id: Int) { books_view_by_pk(id: $id) { id title } }', { id: 2 })
    expect(view.books_view_by_pk).toEqual({ id: 2, title: 'Also Awesome book' })
    const missing = await post('query ($id: Int) { books_view_by_pk(id: $id) { id } }', { id: null })
    expect(missing.status).toBe(200)
    expect(missing.body.data).toEqual({ books_view_by_pk: null })
    expect(missing.body.errors[0].extensions.status).toBe(400)
    expect(
      (await run('query ($id: Int!) { book_by_pk(id: $id) { title publishers { name } } }', { id: 3 })).book_by_pk,
    ).toEqual({ title: 'Great wall of china explained', publishers: { name: 'Small Company' } })
  })

  it("relationship pages and filters with Data API builder's argument types", async () => {
    const data = await run(
      `query ($reviews: reviewFilterInput, $publisher: PublisherFilterInput) {
      books(filter: { publishers: $publisher }, orderBy: { id: ASC }) { items { id reviews(filter: $reviews) { items { stars } } } } }`,
      { reviews: { stars: { in: [5, null] } }, publisher: { name: { eq: 'Big Company' } } },
    )
    expect(data.books.items).toEqual([
      { id: 1, reviews: { items: [{ stars: 5 }] } },
      { id: 2, reviews: { items: [{ stars: 5 }] } },
    ])
  })

  it('create, update (key repeated in the item) and delete with input-typed variables', async () => {
    const created = await run('mutation ($item: CreatebookInput!) { createbook(item: $item) { id title in_print } }', {
      item: { title: 'New book', publisher_id: 2 },
    })
    expect(created.createbook).toMatchObject({ title: 'New book', in_print: true })
    const id = created.createbook.id
    const updated = await run(
      'mutation ($id: Int!, $item: UpdatePublisherInput!) { updatePublisher(id: $id, item: $item) { id name } }',
      { id: 2, item: { id: 2, name: 'Smaller Company' } },
    )
    expect(updated.updatePublisher).toEqual({ id: 2, name: 'Smaller Company' })
    const moved = await post('mutation ($item: UpdatePublisherInput!) { updatePublisher(id: 2, item: $item) { id } }', {
      item: { id: 7 },
    })
    expect(moved.body.data).toEqual({ updatePublisher: null })
    expect(moved.body.errors[0]).toMatchObject({
      message: expect.stringContaining("'id'"),
      extensions: { status: 400 },
    })
    expect((await run('mutation ($id: Int!) { deletebook(id: $id) { id } }', { id })).deletebook).toEqual({ id })
  })

  it('multiple create: items and nested relationship lists typed as in Data API builder', async () => {
    const data = await run(
      `mutation ($items: [CreatebookInput!], $reviews: [CreatereviewInput]) {
      createbooks(items: $items) { items { title } } createPublisher(item: { id: 9, name: "Nested", books: [{ title: "Nested book", reviews: $reviews }] }) { id } }`,
      { items: [{ title: 'Batch book', publisher_id: 1 }], reviews: [{ content: 'fine' }] },
      nested,
    )
    expect(data).toEqual({ createbooks: { items: [{ title: 'Batch book' }] }, createPublisher: { id: 9 } })
    const none = await run(
      'mutation ($items: [CreatebookInput!]) { createbooks(items: $items) { items { id } } }',
      { items: null },
      nested,
    )
    expect(none.createbooks).toEqual({ items: [] })
    const nullChild = await post(
      'mutation ($reviews: [CreatereviewInput]) { createbook(item: { title: "T", publisher_id: 1, reviews: $reviews }) { id } }',
      { reviews: [null] },
      nested,
    )
    expect(nullChild.body.errors[0].extensions.status).toBe(400)
  })

  it('aggregations: numeric field enum, having typed as the widest numeric filter input', async () => {
    const data = await run(
      `query ($field: bookNumericAggregateFields!, $having: DecimalFilterInput) {
      books { groupBy(fields: [publisher_id]) { fields { publisher_id } aggregations { count(field: $field, having: $having) max(field: pages) } } } }`,
      { field: 'id', having: { in: [2, null] } },
    )
    expect(data.books.groupBy).toEqual([{ fields: { publisher_id: 1 }, aggregations: { count: 2, max: 300 } }])
    const isNull = await post('{ books { groupBy { aggregations { sum(field: price, having: { isNull: false }) } } } }')
    expect(isNull.status).toBe(200)
    expect(isNull.body.errors[0]).toMatchObject({
      message: expect.stringContaining('isNull'),
      extensions: { status: 400 },
    })
  })

  it('a stored procedure without a result set answers an empty list', async () => {
    expect(await run('mutation ($book: Int!) { executeTouchBook(book: $book) { result } }', { book: 1 })).toEqual({
      executeTouchBook: [],
    })
  })
})
