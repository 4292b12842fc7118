import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'

// SPEC §Views: a view without key fields starts; only its by-key reads are 400. Its pages continue by position
// (docs/decisions.md, "Views without key fields"); the conformance suite's paging.keyless-view-walk checks the walk
// on every engine against an oracle, duplicates included.
describe('views without key fields', () => {
  const library = useLibraryServer({
    entities: {
      BookDetail: {
        fields: [{ name: 'publisher_name', alias: 'publisher' }],
        permissions: [
          { role: 'anonymous', actions: ['read'] },
          { role: 'authenticated', actions: ['*'] },
        ],
      },
    },
  })

  it('start, and list reads page through every row by position', async () => {
    const all = await library.request('/api/BookDetail?$first=-1&$orderby=title')
    expect(all.status, all.text).toBe(200)
    const walked: unknown[] = []
    let url: string | undefined = '/api/BookDetail?$first=7&$orderby=title'
    while (url !== undefined) {
      const page = await library.request(url)
      expect(page.status, page.text).toBe(200)
      walked.push(...page.body.value)
      url =
        page.body.nextLink === undefined
          ? undefined
          : new URL(page.body.nextLink).pathname + new URL(page.body.nextLink).search
    }
    expect(walked).toEqual(all.body.value)
    expect(walked.length).toBeGreaterThan(7)
  })

  it('answer a by-key read, update or delete with 400', async () => {
    const read = await library.request('/api/BookDetail/id/1')
    expect(read.status).toBe(400)
    expect(read.body.error.message).toBe('Entity BookDetail has no primary key, so it cannot be addressed by key.')
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const write = await library.request('/api/BookDetail/id/1', {
        method,
        role: 'authenticated',
        payload: method === 'DELETE' ? undefined : '{"title":"x"}',
      })
      expect(write.status, `${method} ${write.text}`).toBe(400)
    }
  })

  it('a cursor of another entity or a keyset cursor is refused', async () => {
    const page = await library.request('/api/Book?$first=1')
    const cursor = new URL(page.body.nextLink).searchParams.get('$after')!
    const foreign = await library.request(`/api/BookDetail?$first=1&$after=${cursor}`)
    expect(foreign.status).toBe(400)
  })

  it('appear in GraphQL as a list query without a by-key query, and in OpenAPI without by-key paths', async () => {
    const list = await library.request('/graphql', {
      method: 'POST',
      payload: JSON.stringify({ query: '{ bookDetails(first: 2) { items { title } hasNextPage endCursor } }' }),
    })
    expect(list.status, list.text).toBe(200)
    expect(list.body.data.bookDetails.items).toHaveLength(2)
    const next = await library.request('/graphql', {
      method: 'POST',
      payload: JSON.stringify({
        query: `{ bookDetails(first: 2, after: "${list.body.data.bookDetails.endCursor}") { items { title } } }`,
      }),
    })
    expect(next.body.data.bookDetails.items).toHaveLength(2)
    expect(next.body.data.bookDetails.items).not.toEqual(list.body.data.bookDetails.items)
    const byKey = await library.request('/graphql', {
      method: 'POST',
      payload: JSON.stringify({ query: '{ bookDetail_by_pk(id: 1) { title } }' }),
    })
    expect(byKey.body.errors?.[0]?.message).toMatch(/Cannot query field "bookDetail_by_pk"/)
    const openapi = await library.request('/api/openapi')
    expect(Object.keys(openapi.body.paths).filter((p) => p.startsWith('/BookDetail'))).toEqual(['/BookDetail'])
  })
})
