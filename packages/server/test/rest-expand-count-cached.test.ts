import { describe, expect, it } from 'vitest'
import { pathAndQuery, useLibraryServer, type LibraryTestServer } from './support/library-test-server.js'

/**
 * $expand and $count under the response cache (level 1): the cache keys by plan shape and parameters, so counted,
 * expanded and plain reads of one entity are cached apart; a cached expanded answer's nested links still work (their
 * cursors are signed per request); a write through the API evicts expanded and counted answers alike.
 */
const library = useLibraryServer({ runtime: { cache: { enabled: true, 'ttl-seconds': 600 } } })

async function behindTheCache(server: LibraryTestServer, sql: string, parameters: unknown[] = []): Promise<void> {
  await server.server.sluice.driver.execute({ sql, parameters, name: undefined })
}

const EXPANDED = '/api/Publisher/id/1?$expand=books($select=id;$first=2;$count=true)'

describe('$expand and $count with the response cache', () => {
  it('caches counted and expanded answers apart from plain ones, and evicts them on writes', async () => {
    const plain = await library.request('/api/Publisher/id/1')
    const counted = await library.request('/api/Book?$count=true&$first=1&$select=id')
    const expanded = await library.request(EXPANDED)
    expect(Object.keys(plain.body.value[0])).not.toContain('books')
    expect(expanded.body.value[0]['books@count']).toBeGreaterThan(2)
    // A change the cache does not hear of: the expanded answer is still the cached one…
    await behindTheCache(
      library,
      'update books set publisher_id = 2 where id = (select min(id) from books where publisher_id = 1)',
    )
    const again = await library.request(EXPANDED)
    expect(again.body.value[0]['books@count']).toBe(expanded.body.value[0]['books@count'])
    expect(again.body.value[0].books).toEqual(expanded.body.value[0].books)
    // …and its nested link, signed for this request, reads on.
    const next = await library.request(pathAndQuery(again.body.value[0]['books@nextLink']))
    expect(next.status).toBe(200)
    expect(next.body.value[0].books[0].id).toBeGreaterThan(again.body.value[0].books[1].id)
    // A write through the API evicts the book-dependent answers: the nested count moves.
    const patch = await library.request('/api/Book/id/1', {
      method: 'PATCH',
      role: 'authenticated',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pages: 321 }),
    })
    expect(patch.status).toBe(200)
    expect((await library.request(EXPANDED)).body.value[0]['books@count']).toBe(
      expanded.body.value[0]['books@count'] - 1,
    )
    expect((await library.request('/api/Book?$count=true&$first=1&$select=id')).body.count).toBe(counted.body.count)
  })
})
