import { describe, expect, it } from 'vitest'
import { isErrorEnvelope, useLibraryServer, type JsonResponse } from './support/library-test-server.js'

function expectEnvelope(response: JsonResponse, status: number): void {
  expect(response.status, response.text).toBe(status)
  expect(isErrorEnvelope(response), response.text).toBe(true)
}

describe('REST errors', () => {
  const library = useLibraryServer()

  describe('query parameters', () => {
    // `$count` and `$expand` are options now; their wrongly cased forms are still unknown.
    it.each(['$Select', '$SELECT', 'select', '$top', '$skip', '$Count', 'foo', '$EXPAND', '$search'])(
      'rejects the unknown or wrongly cased parameter %s with 400 "Invalid Query Parameter: …"',
      async (name) => {
        const response = await library.request(`/api/Book?${name}=id`)
        expectEnvelope(response, 400)
        expect(response.body.error).toEqual({
          code: 'Bad Request',
          message: `Invalid Query Parameter: ${name}`,
          status: 400,
        })
      },
    )

    it('rejects an unknown parameter next to valid ones, and on a by-key read', async () => {
      expect((await library.request('/api/Book?$first=1&$Filter=id%20eq%201')).body.error.message).toBe(
        'Invalid Query Parameter: $Filter',
      )
      expect((await library.request('/api/Book/id/1?$Select=id')).body.error.message).toBe(
        'Invalid Query Parameter: $Select',
      )
    })

    it.each([
      '$select=id&$select=title',
      '$first=1&$first=1',
      '$filter=id%20eq%201&$filter=id%20eq%202',
      '$orderby=id&$orderby=title',
      '$select=id&%24select=id',
    ])('rejects a repeated parameter with 400: %s', async (options) => {
      const response = await library.request(`/api/Book?${options}`)
      expectEnvelope(response, 400)
      expect(response.body.error.message).toMatch(/\$(select|first|filter|orderby)/)
    })

    it('rejects a parameter without a name with 400', async () => {
      expectEnvelope(await library.request('/api/Book?=x'), 400)
    })

    it.each(['$first', '$filter', '$orderby', '$after'])('rejects %s without a value with 400', async (name) => {
      expectEnvelope(await library.request(`/api/Book?${name}`), 400)
      expectEnvelope(await library.request(`/api/Book?${name}=`), 400)
    })

    it('accepts percent-encoded parameter names and ignores empty pairs', async () => {
      const response = await library.request('/api/Book?%24select=id&&%24first=2&')
      expect(response.status).toBe(200)
      expect(response.body.value).toEqual([{ id: 1 }, { id: 2 }])
    })

    it('rejects malformed percent-encoding in the query string with 400', async () => {
      expectEnvelope(await library.requestRawPath('/api/Book?$filter=title%20eq%20%27100%%27'), 400)
      expectEnvelope(await library.requestRawPath('/api/Book?%zzselect=id'), 400)
    })
  })

  describe('writes by a role without write permissions', () => {
    it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
      '%s as anonymous (read only) answers 403 in the envelope',
      async (method) => {
        for (const url of ['/api/Book', '/api/Book/id/1', '/api/books/reviews/book_id/1/id/1']) {
          if (method === 'POST' && url !== '/api/Book') continue
          const response = await library.request(url, {
            method,
            payload: '{"title":"x"}',
            headers: { 'content-type': 'application/json' },
          })
          expectEnvelope(response, 403)
          expect(response.body.error.code).toBe('Authorization Failure')
        }
      },
    )

    it('the 403 does not depend on a body or its content type', async () => {
      expectEnvelope(await library.request('/api/Book/id/1', { method: 'PATCH' }), 403)
      expectEnvelope(
        await library.request('/api/Book/id/1', {
          method: 'PATCH',
          payload: '{"nope":1}',
          headers: { 'content-type': 'text/plain' },
        }),
        403,
      )
    })
  })

  it.each([
    ['unknown entity', '/api/Nope', 404],
    ['unknown entity below a known one', '/api/Nope/id/1', 404],
    ['lower-case entity', '/api/book', 404],
    ['implicit key', '/api/Book/1', 400],
    ['key not castable', '/api/Book/id/abc', 400],
    ['unknown key', '/api/Book/isbn/1', 400],
    ['bad $select', '/api/Book?$select=nope', 400],
    ['bad $filter', '/api/Book?$filter=id%20eq', 400],
    ['bad $orderby', '/api/Book?$orderby=id%20sideways', 400],
    ['bad $first', '/api/Book?$first=0', 400],
    ['bad $after', '/api/Book?$after=bad', 400],
    ['no read permission', '/api/Loan', 403],
    ['encoded separator', '/api/books%2Freviews', 400],
    ['route outside /api', '/elsewhere', 404],
  ])(
    'every failure is {error:{code,message,status}} with status equal to the HTTP status: %s',
    async (_, url, status) => {
      expectEnvelope(await library.request(url), status)
    },
  )

  it('never answers 500 to hostile input', async () => {
    const urls = [
      `/api/Book?$filter=${encodeURIComponent('('.repeat(500) + 'id eq 1' + ')'.repeat(500))}`,
      `/api/Book?$filter=${encodeURIComponent(`title eq '${'x'.repeat(9000)}'`)}`,
      `/api/Book?$filter=${encodeURIComponent("title eq '\u0000'")}`,
      '/api/Book?$filter=title%20eq%20%27%ED%A0%80%27',
      `/api/Book?$select=${encodeURIComponent('id,' + 'x'.repeat(5000))}`,
      `/api/Book?$orderby=${encodeURIComponent("'" + "''".repeat(100) + "'")}`,
      `/api/Book/id/${encodeURIComponent('1; drop table books')}`,
      `/api/Book?$filter=${encodeURIComponent("title eq 'x'); drop table books; --'")}`,
      `/api/Book?$filter=${encodeURIComponent('id eq 99999999999999999999999')}`,
      `/api/Book?$filter=${encodeURIComponent('price gt 1e400')}`,
      `/api/Book?$filter=${encodeURIComponent('publishedOn gt 99999-01-01')}`,
      `/api/Book?$filter=${encodeURIComponent('created_at gt 2024-13-45T99:99:99Z')}`,
    ]
    for (const url of urls) {
      const response = await library.request(url)
      expect(response.status, `${url.slice(0, 80)} → ${response.text.slice(0, 200)}`).toBeLessThan(500)
      if (response.status >= 400) expect(isErrorEnvelope(response)).toBe(true)
    }
    expect((await library.request('/api/Book?$select=id')).body.value).toHaveLength(60)
  })
})
