import { describe, expect, it } from 'vitest'
import { isErrorEnvelope, pathAndQuery, useLibraryServer } from './support/library-test-server.js'

describe('runtime.pagination: default-page-size 3, max-page-size 7', () => {
  const library = useLibraryServer({ runtime: { pagination: { 'default-page-size': 3, 'max-page-size': 7 } } })
  const ids = (body: { value: { id: number }[] }): number[] => body.value.map((r) => r.id)

  it('omitting $first returns the configured default page size', async () => {
    const { body } = await library.request('/api/Book?$select=id')
    expect(ids(body)).toEqual([1, 2, 3])
    expect(body.nextLink).toBeDefined()
  })

  it('$first=-1 returns the configured maximum page size, and its nextLink continues with it', async () => {
    const first = await library.request('/api/Book?$first=-1&$select=id')
    expect(first.status).toBe(200)
    expect(ids(first.body)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(first.body.nextLink).toContain('$first=-1')
    const second = await library.request(pathAndQuery(first.body.nextLink))
    expect(ids(second.body)).toEqual([8, 9, 10, 11, 12, 13, 14])
  })

  it('$first equal to the maximum is allowed', async () => {
    const { status, body } = await library.request('/api/Book?$first=7&$select=id')
    expect(status).toBe(200)
    expect(body.value).toHaveLength(7)
  })

  it('$first above the maximum is a 400 naming the limit and the value', async () => {
    const response = await library.request('/api/Book?$first=8')
    expect(response.status).toBe(400)
    expect(isErrorEnvelope(response)).toBe(true)
    expect(response.body.error.message).toMatch(/max page size limit of 7\. Actual value: 8$/)
  })

  it('$after without $first continues with the default page size', async () => {
    const first = await library.request('/api/Book?$first=5&$select=id')
    const after = new URL(first.body.nextLink).searchParams.get('$after')
    const { body } = await library.request(`/api/Book?$select=id&$after=${after}`)
    expect(ids(body)).toEqual([6, 7, 8])
  })

  it('walks a whole collection in default-sized pages', async () => {
    const seen: number[] = []
    let next: string | undefined = '/api/Publisher?$select=id'
    while (next !== undefined) {
      const { body } = await library.request(next)
      expect(body.value.length).toBeLessThanOrEqual(3)
      seen.push(...ids(body))
      next = body.nextLink === undefined ? undefined : pathAndQuery(body.nextLink)
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
  })
})
