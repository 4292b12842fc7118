import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { requestOrigin } from './request-origin.js'

function fakeRequest(headers: Record<string, string>): FastifyRequest {
  return { headers, protocol: 'http', hostname: 'fallback.example' } as unknown as FastifyRequest
}

describe('requestOrigin', () => {
  it('uses the Host header and the connection scheme without forwarding headers', () => {
    expect(requestOrigin(fakeRequest({ host: 'books.example:8080' }))).toEqual({
      protocol: 'http',
      host: 'books.example:8080',
    })
  })

  it('honours well-formed X-Forwarded-Proto and X-Forwarded-Host', () => {
    const request = fakeRequest({ host: 'inner:3000', 'x-forwarded-proto': 'HTTPS', 'x-forwarded-host': '[::1]:443' })
    expect(requestOrigin(request)).toEqual({ protocol: 'https', host: '[::1]:443' })
  })

  it.each(['example.com:65536', 'example.com:99999', 'example.com:', 'ex ample.com', 'a/b'])(
    'ignores the malformed host %j',
    (value) => {
      expect(requestOrigin(fakeRequest({ host: 'books.example', 'x-forwarded-host': value })).host).toBe(
        'books.example',
      )
      expect(requestOrigin(fakeRequest({ host: value })).host).toBe('fallback.example')
    },
  )

  it('accepts the highest port', () => {
    expect(requestOrigin(fakeRequest({ host: 'books.example', 'x-forwarded-host': 'edge.example:65535' })).host).toBe(
      'edge.example:65535',
    )
  })
})
