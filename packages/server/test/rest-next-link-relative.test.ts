import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'

describe('nextLink with runtime.pagination.next-link-relative: true', () => {
  const library = useLibraryServer({ runtime: { pagination: { 'next-link-relative': true } } })

  it('is a path and query without scheme and host', async () => {
    const { body } = await library.request('/api/Book?$first=2&$select=id', {
      headers: { 'x-forwarded-host': 'public.example.com' },
    })
    expect(body.nextLink).toMatch(/^\/api\/Book\?\$first=2&\$select=id&\$after=[^&]+$/)
  })

  it('still continues after the previous page', async () => {
    const first = await library.request('/api/Book?$first=2&$select=id')
    const second = await library.request(first.body.nextLink)
    expect(second.body.value).toEqual([{ id: 3 }, { id: 4 }])
  })
})
