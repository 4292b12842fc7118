import { describe, expect, it } from 'vitest'
import { useLibraryServer, type JsonResponse } from './support/library-test-server.js'
import { read, send, withWriteFixtures } from './support/write-helpers.js'

const RACE = 10

function statuses(responses: readonly JsonResponse[]): number[] {
  return responses.map((r) => r.status).sort((a, b) => a - b)
}

/** Exactly one 201, every other answer 200, and none a 5xx. */
function expectOneCreated(responses: readonly JsonResponse[]): void {
  const detail = responses.map((r) => `${r.status} ${r.text}`).join('\n')
  expect(
    responses.filter((r) => r.status >= 500),
    detail,
  ).toEqual([])
  expect(statuses(responses), detail).toEqual([...Array<number>(RACE - 1).fill(200), 201])
}

// Concurrent writes to the same key: upserts of a new key (native upsert on a table, update-then-insert through a
// view or on a key declared only in config) create exactly one row and answer one 201 and otherwise 200, never a 5xx; racing inserts and deletes of one
// row succeed once and fail cleanly (409, 404) otherwise.
describe('concurrent writes to one key', () => {
  const library = useLibraryServer(
    withWriteFixtures({ entities: { Publisher: { fields: [{ name: 'name', 'primary-key': true }] } } }),
  )
  const race = (write: (i: number) => Promise<JsonResponse>): Promise<JsonResponse[]> =>
    Promise.all(Array.from({ length: RACE }, (_, i) => write(i)))

  it.each(['PUT', 'PATCH'] as const)(
    '%s upserts of the same new BookAuthor key: one 201, the rest 200, one row',
    async (method) => {
      const authorId = method === 'PUT' ? 11 : 12
      const url = `/api/BookAuthor/book_id/60/author_id/${authorId}`
      const responses = await race((i) => send(library, method, url, { royalty_percentage: i + 1 }))
      expectOneCreated(responses)
      const rows = await read(
        library,
        `/api/BookAuthor?$filter=${encodeURIComponent(`book_id eq 60 and author_id eq ${authorId}`)}`,
      )
      expect(rows).toHaveLength(1)
      expect(responses.map((r) => r.body.value[0].royalty_percentage)).toContain(rows[0].royalty_percentage)
      for (const r of responses)
        expect(r.body.value).toEqual([{ book_id: 60, author_id: authorId, royalty_percentage: expect.any(Number) }])
    },
  )

  it('upserts of the same new key through a view (update-then-insert): one 201, the rest 200, one row', async () => {
    const responses = await race((i) =>
      send(library, 'PUT', '/api/CheapBook/id/91000', { title: `Racer ${i}`, publisher_id: 1, price: 1 }),
    )
    expectOneCreated(responses)
    const rows = await read(library, '/api/Book?$filter=id%20eq%2091000&$select=id,title')
    expect(rows).toHaveLength(1)
    expect(rows[0].title).toMatch(/^Racer \d$/)
  })

  it('upserts of the same new key declared only in config (no unique constraint): one 201, the rest 200, one row', async () => {
    const responses = await race((i) => send(library, 'PUT', '/api/Publisher/name/Race%20Press', { country: `C${i}` }))
    expectOneCreated(responses)
    expect(await read(library, '/api/Publisher?$filter=name%20eq%20%27Race%20Press%27')).toHaveLength(1)
  })

  it('upserts of the same new key on a unique constraint: one 201, the rest 200, one row', async () => {
    const responses = await race(() => send(library, 'PATCH', '/api/TagByName/name/racing', {}))
    expectOneCreated(responses)
    expect(await read(library, '/api/Tag?$filter=name%20eq%20%27racing%27')).toHaveLength(1)
  })

  it('POSTs of the same caller-chosen key: one 201, the rest 409, one row', async () => {
    const responses = await race((i) =>
      send(library, 'POST', '/api/BookAuthor', { book_id: 59, author_id: 1, royalty_percentage: i }),
    )
    const detail = responses.map((r) => `${r.status} ${r.text}`).join('\n')
    expect(statuses(responses), detail).toEqual([201, ...Array<number>(RACE - 1).fill(409)])
    expect(await read(library, '/api/BookAuthor?$filter=book_id%20eq%2059')).toHaveLength(1)
  })

  it('DELETEs of the same row: one 204, the rest 404', async () => {
    const responses = await race(() => send(library, 'DELETE', '/api/BookAuthor/book_id/58/author_id/20'))
    const detail = responses.map((r) => `${r.status} ${r.text}`).join('\n')
    expect(statuses(responses), detail).toEqual([204, ...Array<number>(RACE - 1).fill(404)])
    expect(await read(library, '/api/BookAuthor/book_id/58/author_id/20')).toEqual([])
  })
})
