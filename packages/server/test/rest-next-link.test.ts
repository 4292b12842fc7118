import { describe, expect, it } from 'vitest'
import { pathAndQuery, useLibraryServer } from './support/library-test-server.js'

describe('nextLink', () => {
  const library = useLibraryServer()
  const nextLinkOf = async (url: string, headers: Record<string, string> = {}): Promise<string> => {
    const { status, body } = await library.request(url, { headers })
    expect(status).toBe(200)
    expect(typeof body.nextLink).toBe('string')
    return body.nextLink as string
  }

  it('is an absolute URL with the scheme and host the client used, the same path and a new $after', async () => {
    const link = await nextLinkOf('/api/Book?$first=2')
    expect(link).toMatch(/^http:\/\/localhost(:80)?\/api\/Book\?\$first=2&\$after=[^&]+$/)
    const url = new URL(link)
    expect(url.searchParams.getAll('$after')).toHaveLength(1)
  })

  it('uses the Host header', async () => {
    const link = await nextLinkOf('/api/Book?$first=2', { host: 'books.example:8080' })
    expect(link.startsWith('http://books.example:8080/api/Book?')).toBe(true)
  })

  it('keeps the other query parameters as the client wrote them, with $after last', async () => {
    const url =
      '/api/Book?$select=id,title&$filter=price%20gt%2010%20and%20title%20ne%20%27x%27&$orderby=title%20desc&$first=3'
    const link = await nextLinkOf(url)
    expect(pathAndQuery(link).startsWith(`${url}&$after=`)).toBe(true)
  })

  it("replaces the request's own $after instead of adding a second one", async () => {
    const first = await nextLinkOf('/api/Book?$first=2&$select=id')
    const after = new URL(first).searchParams.get('$after')!
    const second = await nextLinkOf(`/api/Book?$after=${after}&$first=2&$select=id`)
    const url = new URL(second)
    expect(url.searchParams.getAll('$after')).toHaveLength(1)
    expect(url.searchParams.get('$after')).not.toBe(after)
    expect(`${url.pathname}${url.search}`.startsWith('/api/Book?$first=2&$select=id&$after=')).toBe(true)
  })

  it('works under a subdirectory rest.path', async () => {
    const link = await nextLinkOf('/api/books/reviews?$first=2')
    expect(new URL(link).pathname).toBe('/api/books/reviews')
    const { body } = await library.request(pathAndQuery(link))
    expect(body.value.map((r: { book_id: number; id: number }) => [r.book_id, r.id])).toEqual([
      [1, 50],
      [1, 100],
    ])
  })

  it('is absent on the last page', async () => {
    const first = await library.request('/api/Publisher?$first=5')
    const last = await library.request(pathAndQuery(first.body.nextLink))
    expect(last.body.value).toHaveLength(3)
    expect(Object.keys(last.body)).toEqual(['value'])
  })

  it('honours X-Forwarded-Proto and X-Forwarded-Host', async () => {
    const link = await nextLinkOf('/api/Book?$first=2', {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'public.example.com',
    })
    expect(link.startsWith('https://public.example.com/api/Book?$first=2&$after=')).toBe(true)
    const withPort = await nextLinkOf('/api/Book?$first=2', {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'public.example.com:8443',
    })
    expect(withPort.startsWith('https://public.example.com:8443/api/Book?')).toBe(true)
  })

  it('takes the first value of a comma-separated forwarded list, ignoring case of the scheme', async () => {
    const link = await nextLinkOf('/api/Book?$first=2', {
      'x-forwarded-proto': 'HTTPS, http',
      'x-forwarded-host': 'edge.example, inner.example',
    })
    expect(link.startsWith('https://edge.example/api/Book?')).toBe(true)
  })

  it.each([
    ['a scheme other than http or https', { 'x-forwarded-proto': 'javascript' }],
    ['a scheme with a path', { 'x-forwarded-proto': 'https://evil.example/' }],
    ['a host with a path', { 'x-forwarded-host': 'evil.example/steal?x=' }],
    ['a host with user info', { 'x-forwarded-host': 'user@evil.example' }],
    ['a host with spaces', { 'x-forwarded-host': 'evil example' }],
    ['an empty host', { 'x-forwarded-host': '' }],
    ['a port out of range', { 'x-forwarded-host': 'evil.example:99999' }],
    ['a host with an empty label', { 'x-forwarded-host': 'evil..example' }],
  ])('ignores a malformed forwarded header: %s', async (_, headers) => {
    const link = await nextLinkOf('/api/Book?$first=2', { host: 'books.example:8080', ...headers })
    expect(link.startsWith('http://books.example:8080/api/Book?$first=2&$after=')).toBe(true)
  })
})
