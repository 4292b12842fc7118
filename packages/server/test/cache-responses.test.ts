import { describe, expect, it } from 'vitest'
import { dataOf, errorMessages, graphql } from './graphql-helpers.js'
import { useLibraryServer, type LibraryTestServer } from './support/library-test-server.js'
import { callError, callOk, useMcpServer } from './support/mcp-client.js'

/**
 * The response cache in one process (level 1) on the library sample: what is cached, the request's Cache-Control,
 * and eviction by writes through every protocol. The database is changed behind Sluice's back (a statement on its own
 * driver) to tell a cached answer from a fresh one.
 */
const library = useLibraryServer({
  runtime: { cache: { enabled: true, 'ttl-seconds': 600 } },
  entities: { Review: { cache: { enabled: false } } },
})

/** Runs SQL on the sample's database without going through the pipeline (so the cache does not hear of it). */
async function behindTheCache(server: LibraryTestServer, sql: string, parameters: unknown[] = []): Promise<void> {
  await server.server.sluice.driver.execute({ sql, parameters, name: undefined })
}

async function title(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; title: unknown; body: any }> {
  const response = await library.request(url, { headers })
  return { status: response.status, title: response.body?.value?.[0]?.title, body: response.body }
}

describe('response cache: reads', () => {
  it('answers a repeated REST read from the cache until a write through the API evicts it', async () => {
    const first = await title('/api/Book/id/1')
    expect(first.status).toBe(200)
    await behindTheCache(library, 'update books set title = $1 where id = 1', ['Changed behind the cache'])
    expect((await title('/api/Book/id/1')).title).toBe(first.title)
    // The write goes through Sluice: the cached read is evicted at once.
    const patch = await library.request('/api/Book/id/1', {
      method: 'PATCH',
      role: 'authenticated',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pages: 123 }),
    })
    expect(patch.status).toBe(200)
    expect((await title('/api/Book/id/1')).title).toBe('Changed behind the cache')
  })

  it('keeps answers of different requests apart (keys, filters, selections, roles)', async () => {
    const one = await library.request('/api/Book/id/2?$select=id,title')
    const other = await library.request('/api/Book/id/3?$select=id,title')
    const wider = await library.request('/api/Book/id/2')
    expect(one.body.value[0].id).toBe(2)
    expect(other.body.value[0].id).toBe(3)
    expect(Object.keys(one.body.value[0])).toEqual(['id', 'title'])
    expect(Object.keys(wider.body.value[0]).length).toBeGreaterThan(2)
    const anonymous = await library.request('/api/Author?$first=1')
    const authenticated = await library.request('/api/Author?$first=1', { role: 'authenticated' })
    expect(anonymous.body.value[0].email).toBeUndefined()
    expect(authenticated.body.value[0].email).toBeDefined()
  })

  it('does not cache an entity whose cache is disabled', async () => {
    const before = await library.request('/api/books/reviews?$first=1&$orderby=id')
    const { book_id: bookId, id } = before.body.value[0]
    await behindTheCache(library, 'update reviews set rating = 6 - rating where book_id = $1 and id = $2', [bookId, id])
    const after = await library.request('/api/books/reviews?$first=1&$orderby=id')
    expect(after.body.value[0].rating).toBe(6 - before.body.value[0].rating)
  })

  it('caches GraphQL queries, nested pages included, and their cursors still lead to the next page', async () => {
    const query = '{ publisher_by_pk(id: 1) { id name books(first: 1) { items { id title } hasNextPage endCursor } } }'
    const first = dataOf(await graphql(library, query)).publisher_by_pk
    expect(first.books.hasNextPage).toBe(true)
    await behindTheCache(library, "update publishers set name = 'Changed behind the cache' where id = 1")
    const cached = dataOf(await graphql(library, query)).publisher_by_pk
    expect(cached.name).toBe(first.name)
    expect(cached.books.items).toEqual(first.books.items)
    // The cached answer's nested cursor is signed for this request and leads to the same next page.
    const next = (cursor: string): string =>
      `{ publisher_by_pk(id: 1) { books(first: 1, after: "${cursor}") { items { id } } } }`
    const viaCached = dataOf(await graphql(library, next(cached.books.endCursor))).publisher_by_pk.books.items
    expect(viaCached).toEqual(dataOf(await graphql(library, next(first.books.endCursor))).publisher_by_pk.books.items)
    expect(viaCached[0].id).not.toBe(first.books.items[0].id)
  })

  it('evicts reads that nest or filter on a written entity, and views over it', async () => {
    const nested = '{ publishers(first: 100) { items { id books(first: 100) { items { id title } } } } }'
    const filtered =
      '{ publishers(filter: { books: { title: { eq: "Evicted through the filter" } } }) { items { id } } }'
    const view = '/api/BookDetail/id/5'
    const nestedBefore = dataOf(await graphql(library, nested))
    expect(dataOf(await graphql(library, filtered)).publishers.items).toEqual([])
    const viewBefore = (await library.request(view)).body.value[0].title
    const mutation = 'mutation { updateBook(id: 5, item: { title: "Evicted through the filter" }) { id title } }'
    expect(dataOf(await graphql(library, mutation, { role: 'authenticated' })).updateBook.title).toBe(
      'Evicted through the filter',
    )
    const nestedAfter = dataOf(await graphql(library, nested))
    const titles = nestedAfter.publishers.items
      .flatMap((p: any) => p.books.items)
      .filter((b: any) => b.id === 5)
      .map((b: any) => b.title)
    expect(titles).toEqual(['Evicted through the filter'])
    expect(nestedAfter).not.toEqual(nestedBefore)
    expect(dataOf(await graphql(library, filtered)).publishers.items).toHaveLength(1)
    expect((await library.request(view)).body.value[0].title).not.toBe(viewBefore)
  })

  it('caches query procedures, and a procedure that writes evicts everything of its data source', async () => {
    const count = async (): Promise<number> => Number((await library.request('/api/BookCount')).body.value[0].total)
    const before = await count()
    await behindTheCache(library, "insert into publishers (id, name) values (900, 'Behind')")
    await behindTheCache(library, "insert into books (id, title, publisher_id) values (900, 'Behind the cache', 900)")
    expect(await count()).toBe(before)
    const loans = await library.request('/api/Loan?$filter=returnedOn eq null&$first=1', { role: 'authenticated' })
    const returned = await library.request('/api/ReturnLoan', {
      method: 'POST',
      role: 'authenticated',
      payload: JSON.stringify({ loan_id: loans.body.value[0].id }),
    })
    expect(returned.status).toBe(201)
    expect(await count()).toBe(before + 1)
  })
})

describe('response cache: Cache-Control', () => {
  it('no-cache reads the database and refreshes the entry', async () => {
    const first = await title('/api/Book/id/6')
    await behindTheCache(library, "update books set title = 'Refreshed by no-cache' where id = 6")
    expect((await title('/api/Book/id/6')).title).toBe(first.title)
    expect((await title('/api/Book/id/6', { 'cache-control': 'no-cache' })).title).toBe('Refreshed by no-cache')
    expect((await title('/api/Book/id/6')).title).toBe('Refreshed by no-cache')
  })

  it('no-store uses a cached answer but never stores one', async () => {
    const fresh = await title('/api/Book/id/7', { 'cache-control': 'no-store' })
    await behindTheCache(library, "update books set title = 'Not stored by no-store' where id = 7")
    expect((await title('/api/Book/id/7')).title).toBe('Not stored by no-store')
    expect(fresh.title).not.toBe('Not stored by no-store')
    await behindTheCache(library, "update books set title = 'Changed again' where id = 7")
    expect((await title('/api/Book/id/7', { 'cache-control': 'no-store' })).title).toBe('Not stored by no-store')
  })

  it('no-cache with no-store neither reads nor writes the cache', async () => {
    await title('/api/Book/id/8')
    await behindTheCache(library, "update books set title = 'Both directives' where id = 8")
    expect((await title('/api/Book/id/8', { 'cache-control': 'no-cache, no-store' })).title).toBe('Both directives')
    expect((await title('/api/Book/id/8')).title).not.toBe('Both directives')
  })

  it("only-if-cached answers from the cache or 504 with Data API builder's message, in REST's and GraphQL's envelopes", async () => {
    const miss = await library.request('/api/Book/id/9', { headers: { 'cache-control': 'only-if-cached' } })
    expect(miss.status).toBe(504)
    expect(miss.body).toEqual({
      error: {
        code: 'Gateway Timeout',
        message: "Header 'only-if-cached' was used but item was not found in cache.",
        status: 504,
      },
    })
    await library.request('/api/Book/id/9')
    expect((await title('/api/Book/id/9', { 'cache-control': 'only-if-cached' })).status).toBe(200)
    const gql = await graphql(library, '{ book_by_pk(id: 10) { id } }', {
      headers: { 'cache-control': 'only-if-cached' },
    })
    expect(errorMessages(gql)).toEqual(["Header 'only-if-cached' was used but item was not found in cache."])
    await graphql(library, '{ book_by_pk(id: 10) { id } }')
    expect(
      dataOf(
        await graphql(library, '{ book_by_pk(id: 10) { id } }', { headers: { 'cache-control': 'only-if-cached' } }),
      ).book_by_pk.id,
    ).toBe(10)
  })

  it('ignores only-if-cached for entities that are not cached, as Data API builder does', async () => {
    expect(
      (await library.request('/api/books/reviews?$first=1', { headers: { 'cache-control': 'only-if-cached' } })).status,
    ).toBe(200)
  })
})

describe('response cache: MCP', () => {
  const mcp = useMcpServer({ runtime: { cache: { enabled: true, 'ttl-seconds': 600 } } })

  it("reads through the cache, and answers only-if-cached misses with a tool error carrying Data API builder's message", async () => {
    const onlyCached = await mcp.connect({ 'cache-control': 'only-if-cached' })
    const plain = await mcp.connect()
    const args = { entity: 'Book', filter: 'id eq 14', select: 'id,title' }
    const miss = await callError(onlyCached, 'read_records', args)
    expect(miss.message).toBe("Header 'only-if-cached' was used but item was not found in cache.")
    const first = await callOk(plain, 'read_records', args)
    await mcp.server.sluice.driver.execute({
      sql: "update books set title = 'Changed behind MCP' where id = 14",
      parameters: [],
      name: undefined,
    })
    expect((await callOk(onlyCached, 'read_records', args)).result).toEqual(first.result)
  })

  it('honours Cache-Control in aggregate_records too', async () => {
    const onlyCached = await mcp.connect({ 'cache-control': 'only-if-cached' })
    const args = { entity: 'Book', function: 'max', field: 'id', filter: 'id lt 12' }
    const miss = await callError(onlyCached, 'aggregate_records', args)
    expect(miss.message).toBe("Header 'only-if-cached' was used but item was not found in cache.")
    const first = await callOk(await mcp.connect(), 'aggregate_records', args)
    expect((await callOk(onlyCached, 'aggregate_records', args)).result).toEqual(first.result)
  })

  it('evicts on an MCP write', async () => {
    const client = await mcp.connect({ 'x-ms-api-role': 'authenticated' })
    const args = { entity: 'Book', filter: 'id eq 16', select: 'id,title' }
    await callOk(client, 'read_records', args)
    await callOk(client, 'update_record', { entity: 'Book', keys: { id: 16 }, fields: { title: 'Written over MCP' } })
    expect((await callOk(client, 'read_records', args)).result.value[0].title).toBe('Written over MCP')
  })
})
