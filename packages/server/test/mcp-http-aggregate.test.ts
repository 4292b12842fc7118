import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { callError, callOk, useMcpServer } from './support/mcp-client.js'

// aggregate_records (dab.md §5): one aggregate per call, computed by the database over the rows the role may read
// (row policy and field access apply), grouped, filtered on the value (having), ordered by the value, paged by offset.
describe('MCP aggregate_records', () => {
  const mcp = useMcpServer({
    entities: {
      Book: {
        permissions: [
          { role: 'anonymous', actions: ['read'] },
          { role: 'authenticated', actions: ['*'] },
          {
            role: 'reader',
            actions: [
              {
                action: 'read',
                policy: { database: '@item.pages gt 400' },
                fields: { include: ['*'], exclude: ['price'] },
              },
            ],
          },
        ],
      },
    },
  })
  let anonymous: Client
  let reader: Client
  let books: any[]
  beforeAll(async () => {
    anonymous = await mcp.connect()
    reader = await mcp.connect({ 'X-MS-API-ROLE': 'reader' })
    books = (await callOk(anonymous, 'read_records', { entity: 'Book', first: -1 })).result.value
  })

  it('count(*) counts the rows the filter selects', async () => {
    const all = await callOk(anonymous, 'aggregate_records', { entity: 'Book', function: 'count' })
    expect(all).toMatchObject({ entity: 'Book', result: [{ count: books.length }] })
    const long = await callOk(anonymous, 'aggregate_records', {
      entity: 'Book',
      function: 'count',
      filter: 'pages gt 400',
    })
    expect(long.result).toEqual([{ count: books.filter((b) => b.pages > 400).length }])
  })

  it('sum, avg, min and max of a field, named {function}_{field}', async () => {
    const pages = books.map((b) => b.pages).filter((p) => p !== null) as number[]
    expect(
      (await callOk(anonymous, 'aggregate_records', { entity: 'Book', function: 'max', field: 'pages' })).result,
    ).toEqual([{ max_pages: Math.max(...pages) }])
    expect(
      (await callOk(anonymous, 'aggregate_records', { entity: 'Book', function: 'min', field: 'pages' })).result,
    ).toEqual([{ min_pages: Math.min(...pages) }])
    expect(
      (await callOk(anonymous, 'aggregate_records', { entity: 'Book', function: 'sum', field: 'pages' })).result,
    ).toEqual([{ sum_pages: pages.reduce((a, b) => a + b, 0) }])
    const avg = (await callOk(anonymous, 'aggregate_records', { entity: 'Book', function: 'avg', field: 'pages' }))
      .result[0].avg_pages
    expect(avg).toBeCloseTo(pages.reduce((a, b) => a + b, 0) / pages.length, 6)
  })

  it('groups, orders groups by the value (desc by default) and filters them with having', async () => {
    const counts = new Map<number, number>()
    for (const b of books) counts.set(b.publisher_id, (counts.get(b.publisher_id) ?? 0) + 1)
    const body = await callOk(anonymous, 'aggregate_records', {
      entity: 'Book',
      function: 'count',
      groupby: ['publisher_id'],
    })
    expect(body.result).toHaveLength(counts.size)
    for (const row of body.result) expect(row.count).toBe(counts.get(row.publisher_id))
    const values = body.result.map((r: any) => r.count)
    expect(values).toEqual([...values].sort((a, b) => b - a))
    const asc = await callOk(anonymous, 'aggregate_records', {
      entity: 'Book',
      function: 'count',
      groupby: ['publisher_id'],
      orderby: 'asc',
    })
    expect(asc.result.map((r: any) => r.count)).toEqual([...values].sort((a, b) => a - b))
    const having = await callOk(anonymous, 'aggregate_records', {
      entity: 'Book',
      function: 'count',
      groupby: ['publisher_id'],
      having: { gte: 3 },
    })
    expect(having.result.map((r: any) => r.publisher_id).sort()).toEqual(
      [...counts]
        .filter(([, n]) => n >= 3)
        .map(([p]) => p)
        .sort(),
    )
  })

  it('pages groups with first and an offset cursor', async () => {
    const all = (
      await callOk(anonymous, 'aggregate_records', { entity: 'Book', function: 'count', groupby: ['publisher_id'] })
    ).result
    const page1 = (
      await callOk(anonymous, 'aggregate_records', {
        entity: 'Book',
        function: 'count',
        groupby: ['publisher_id'],
        first: 2,
      })
    ).result
    expect(page1.items).toEqual(all.slice(0, 2))
    expect(page1.hasNextPage).toBe(all.length > 2)
    const page2 = (
      await callOk(anonymous, 'aggregate_records', {
        entity: 'Book',
        function: 'count',
        groupby: ['publisher_id'],
        first: 2,
        after: page1.endCursor,
      })
    ).result
    expect(page2.items).toEqual(all.slice(2, 4))
  })

  it("applies the role's row policy and field access", async () => {
    const count = await callOk(reader, 'aggregate_records', { entity: 'Book', function: 'count' })
    expect(count.result).toEqual([{ count: books.filter((b) => b.pages > 400).length }])
    const price = await callError(reader, 'aggregate_records', { entity: 'Book', function: 'sum', field: 'price' })
    expect(price).toMatchObject({ code: 'Bad Request', status: 400 })
    expect((await callError(anonymous, 'aggregate_records', { entity: 'Loan', function: 'count' })).type).toBe(
      'PermissionDenied',
    )
  })

  it('refuses bad arguments', async () => {
    expect(
      (await callError(anonymous, 'aggregate_records', { entity: 'Book', function: 'median', field: 'pages' })).type,
    ).toBe('InvalidArguments')
    expect((await callError(anonymous, 'aggregate_records', { entity: 'Book', function: 'sum' })).type).toBe(
      'InvalidArguments',
    )
    expect(
      (await callError(anonymous, 'aggregate_records', { entity: 'Book', function: 'count', having: { between: 1 } }))
        .type,
    ).toBe('InvalidArguments')
    expect(
      (
        await callError(anonymous, 'aggregate_records', {
          entity: 'Book',
          function: 'count',
          groupby: ['publisher_id'],
          first: 1,
          after: '!!',
        })
      ).type,
    ).toBe('InvalidArguments')
  })
})

// Issue 36: the database builds at most a page of groups; without `first`, more than max-page-size is refused, not cut.
describe('MCP aggregate_records, bounded by max-page-size', () => {
  const mcp = useMcpServer({ runtime: { pagination: { 'max-page-size': 3, 'default-page-size': 2 } } })
  let client: Client
  let ids: number[]
  beforeAll(async () => {
    client = await mcp.connect()
    ids = (await callOk(client, 'read_records', { entity: 'Book', first: 3, orderby: ['id asc'] })).result.value.map(
      (b: any) => b.id,
    )
  })

  it('refuses every group at once past max-page-size, with a message that says to page', async () => {
    const error = await callError(client, 'aggregate_records', { entity: 'Book', function: 'count', groupby: ['id'] })
    expect(error).toMatchObject({ type: 'InvalidArguments' })
    expect(error.message).toContain("page through them with 'first' and 'after'")
    const few = await callOk(client, 'aggregate_records', {
      entity: 'Book',
      function: 'count',
      groupby: ['id'],
      filter: `id le ${ids[1]}`,
    })
    expect(few.result).toHaveLength(2)
  })

  it('pages past max-page-size in the database, ordered by the value then the group fields', async () => {
    const page1 = (
      await callOk(client, 'aggregate_records', {
        entity: 'Book',
        function: 'max',
        field: 'id',
        groupby: ['id'],
        orderby: 'asc',
        first: 2,
      })
    ).result
    expect(page1.items.map((g: any) => g.id)).toEqual(ids.slice(0, 2))
    expect(page1.hasNextPage).toBe(true)
    const page2 = (
      await callOk(client, 'aggregate_records', {
        entity: 'Book',
        function: 'max',
        field: 'id',
        groupby: ['id'],
        orderby: 'asc',
        first: 2,
        after: page1.endCursor,
      })
    ).result
    expect(page2.items.map((g: any) => g.id)).toEqual([ids[2], expect.any(Number)])
    expect(
      (await callError(client, 'aggregate_records', { entity: 'Book', function: 'count', groupby: ['id'], first: 4 }))
        .type,
    ).toBe('InvalidArguments')
  })
})
