import { describe, expect, it } from 'vitest'
import { isErrorEnvelope, pathAndQuery, useLibraryServer } from './support/library-test-server.js'

describe('runtime.rest.path: /data', () => {
  const library = useLibraryServer({ runtime: { rest: { path: '/data' } } })

  it('serves collections and keys below the configured prefix', async () => {
    const collection = await library.request('/data/Book?$first=2&$select=id')
    expect(collection.status).toBe(200)
    expect(collection.body.value).toEqual([{ id: 1 }, { id: 2 }])
    const one = await library.request('/data/books/reviews/book_id/1/id/2?$select=reviewer')
    expect(one.body.value).toEqual([{ reviewer: 'reader_1984' }])
  })

  it('builds nextLink with the configured prefix', async () => {
    const first = await library.request('/data/Book?$first=2&$select=id')
    expect(new URL(first.body.nextLink).pathname).toBe('/data/Book')
    const second = await library.request(pathAndQuery(first.body.nextLink))
    expect(second.body.value).toEqual([{ id: 3 }, { id: 4 }])
  })

  it('no longer answers below /api', async () => {
    const response = await library.request('/api/Book')
    expect(response.status).toBe(404)
    expect(isErrorEnvelope(response)).toBe(true)
  })

  it('matches the prefix case-sensitively', async () => {
    expect((await library.request('/Data/Book')).status).toBe(404)
  })

  it('answers 404 for an unknown entity below the prefix in the REST envelope', async () => {
    const response = await library.request('/data/Nope')
    expect(response.status).toBe(404)
    expect(response.body.error.message).toMatch(/^Invalid Entity path/)
  })
})
