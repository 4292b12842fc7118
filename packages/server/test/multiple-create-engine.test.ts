import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OperationRequest, RequestContext } from '@sluice/core'
import type { SluiceServer } from '../src/index.js'
import { startLibraryServer } from './support/library-test-server.js'

/** Multiple and nested create at the engine level, on the library sample (PGlite), checked against the tables. */
let server: SluiceServer
let disabled: SluiceServer

beforeAll(async () => {
  server = await startLibraryServer({ runtime: { graphql: { 'multiple-mutations': { create: { enabled: true } } } } })
  disabled = await startLibraryServer()
})
afterAll(async () => {
  await server.close()
  await disabled.close()
})

const context = (s: SluiceServer, role = 'authenticated'): RequestContext => ({
  requestId: 'test',
  principal: { authenticated: role !== 'anonymous', roles: role === 'anonymous' ? [] : [role], claims: {} },
  role,
  mode: 'development',
  log: s.sluice.log,
  signal: undefined,
})

async function create(
  request: Omit<OperationRequest, 'operation' | 'entity'> & { entity?: string },
  s = server,
  role?: string,
): Promise<any[]> {
  const result = await s.sluice.pipeline.run({ operation: 'create', entity: 'Book', ...request }, context(s, role))
  if (result.kind !== 'write') throw new Error('expected a write')
  return JSON.parse(result.json)
}

async function sql(text: string, parameters: unknown[] = []): Promise<any[]> {
  return (await server.sluice.driver.execute({ sql: text, parameters, name: undefined })).rows as any[]
}

describe('multiple create', () => {
  it('creates several records in one call and returns them in order', async () => {
    const rows = await create({
      items: [
        { title: 'Batch One', publisher_id: 1 },
        { title: 'Batch Two', publisher_id: 2 },
      ],
    })
    expect(rows.map((r) => r.title)).toEqual(['Batch One', 'Batch Two'])
    const stored = await sql("select title, publisher_id from books where title like 'Batch %' order by id")
    expect(stored).toEqual([
      { title: 'Batch One', publisher_id: 1 },
      { title: 'Batch Two', publisher_id: 2 },
    ])
  })

  it('creates a record with its related records (one, many and many-to-many) and returns them nested', async () => {
    const [book] = await create({
      body: {
        title: 'Nested Tree',
        publisher: { name: 'Nested House', country: 'NZ' },
        reviews: [
          { reviewer: 'r1', rating: 5 },
          { reviewer: 'r2', rating: 3 },
        ],
        authors: [{ name: 'Nested Author' }],
      },
      relations: [
        { relationship: 'publisher', as: 'publisher', select: ['name'] },
        {
          relationship: 'reviews',
          as: 'reviews',
          select: ['reviewer', 'rating'],
          orderBy: [{ field: 'reviewer', direction: 'asc' }],
        },
        { relationship: 'authors', as: 'authors', select: ['name'] },
      ],
    })
    expect(book.publisher).toEqual({ name: 'Nested House' })
    expect(book.reviews.items).toEqual([
      { reviewer: 'r1', rating: 5 },
      { reviewer: 'r2', rating: 3 },
    ])
    expect(book.authors.items).toEqual([{ name: 'Nested Author' }])
    const [stored] = await sql(
      "select b.id, p.name from books b join publishers p on p.id = b.publisher_id where b.title = 'Nested Tree'",
    )
    expect(stored.name).toBe('Nested House')
    expect(await sql('select count(*)::int as n from reviews where book_id = $1', [stored.id])).toEqual([{ n: 2 }])
    expect(
      await sql('select a.name from authors a join book_authors ba on ba.author_id = a.id where ba.book_id = $1', [
        stored.id,
      ]),
    ).toEqual([{ name: 'Nested Author' }])
  })

  it('rolls everything back when one record fails', async () => {
    const before = await sql('select count(*)::int as n from books')
    await expect(
      create({
        items: [
          { title: 'Rollback One', publisher_id: 1 },
          { title: 'Rollback Two', publisher_id: 1, pages: 'many' },
        ],
      }),
    ).rejects.toMatchObject({ status: 400 })
    await expect(
      create({ body: { title: 'Rollback Three', publisher: { name: 'Ghost House' }, reviews: [{ rating: 9 }] } }),
    ).rejects.toMatchObject({ status: 400 })
    expect(await sql('select count(*)::int as n from books')).toEqual(before)
    expect(await sql("select count(*)::int as n from publishers where name = 'Ghost House'")).toEqual([{ n: 0 }])
  })

  it('refuses join fields set twice, and every nested entity needs its own create permission', async () => {
    await expect(create({ body: { title: 'Twice', publisher_id: 1, publisher: { name: 'X' } } })).rejects.toMatchObject(
      { code: 'SLUICE_ERR_INVALID_NESTED_CREATE' },
    )
    // anonymous may read books but create nothing
    await expect(create({ items: [{ title: 'Anon', publisher_id: 1 }] }, server, 'anonymous')).rejects.toMatchObject({
      status: 403,
    })
  })

  it('is off unless runtime.graphql.multiple-mutations.create.enabled', async () => {
    await expect(create({ items: [{ title: 'Off', publisher_id: 1 }] }, disabled)).rejects.toMatchObject({
      code: 'SLUICE_ERR_MULTIPLE_CREATE_DISABLED',
      status: 400,
    })
    await expect(create({ body: { title: 'Off', publisher: { name: 'Off House' } } }, disabled)).rejects.toMatchObject({
      code: 'SLUICE_ERR_MULTIPLE_CREATE_DISABLED',
    })
  })
})
