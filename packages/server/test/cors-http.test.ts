import { describe, expect, it } from 'vitest'
import { buildLibraryConfig, startLibraryServer, useLibraryServer } from './support/library-test-server.js'

const ALLOWED = 'http://localhost:3000'
const OTHER = 'http://evil.test:3000'
const GRAPHQL_BODY = JSON.stringify({ query: '{ books(first: 1) { items { id } } }' })

/** Every protocol Sluice serves, with a request a browser would send cross-origin. */
const ENDPOINTS = [
  { name: 'REST', method: 'GET', url: '/api/Book?$first=1' },
  {
    name: 'GraphQL',
    method: 'POST',
    url: '/graphql',
    payload: GRAPHQL_BODY,
    headers: { 'content-type': 'application/json' },
  },
  { name: 'OpenAPI', method: 'GET', url: '/api/openapi' },
  { name: 'basic health', method: 'GET', url: '/' },
  { name: 'health', method: 'GET', url: '/health', headers: { 'x-ms-api-role': 'authenticated' } },
] as const

describe('CORS: runtime.host.cors with listed origins and credentials', () => {
  const library = useLibraryServer({
    runtime: {
      host: { cors: { origins: [ALLOWED, 'https://*.example.com'], 'allow-credentials': true } },
      mcp: { 'allowed-hosts': ['localhost'] },
    },
  })

  it.each(ENDPOINTS)(
    '$name: an allowed origin gets its origin back, credentials allowed, exposed headers and Vary',
    async (endpoint) => {
      const response = await library.app.inject({
        method: endpoint.method,
        url: endpoint.url,
        payload: 'payload' in endpoint ? endpoint.payload : undefined,
        headers: { origin: ALLOWED, ...('headers' in endpoint ? endpoint.headers : {}) },
      })
      expect(response.statusCode, response.body).toBeLessThan(400)
      expect(response.headers['access-control-allow-origin']).toBe(ALLOWED)
      expect(response.headers['access-control-allow-credentials']).toBe('true')
      expect(response.headers['access-control-expose-headers']).toBe('Location, x-ms-correlation-id')
      expect(String(response.headers['vary'])).toMatch(/Origin/)
    },
  )

  it.each(ENDPOINTS)(
    '$name: a disallowed origin gets no CORS headers (the browser blocks the read)',
    async (endpoint) => {
      const response = await library.app.inject({
        method: endpoint.method,
        url: endpoint.url,
        payload: 'payload' in endpoint ? endpoint.payload : undefined,
        headers: { origin: OTHER, ...('headers' in endpoint ? endpoint.headers : {}) },
      })
      expect(response.headers['access-control-allow-origin']).toBeUndefined()
      expect(response.headers['access-control-allow-credentials']).toBeUndefined()
    },
  )

  it.each(['/api/Book', '/api/Book/id/1', '/graphql', '/mcp', '/api/openapi', '/health', '/'])(
    'a preflight to %s from an allowed origin is 204 echoing the method and headers asked for',
    async (url) => {
      const response = await library.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: ALLOWED,
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'content-type,x-ms-api-role,authorization',
        },
      })
      expect(response.statusCode).toBe(204)
      expect(response.headers['x-ms-correlation-id']).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      )
      expect(response.headers['access-control-allow-origin']).toBe(ALLOWED)
      expect(response.headers['access-control-allow-methods']).toBe('PATCH')
      expect(response.headers['access-control-allow-headers']).toBe('content-type,x-ms-api-role,authorization')
      expect(response.headers['access-control-allow-credentials']).toBe('true')
      expect(response.body).toBe('')
    },
  )

  it('a preflight from a disallowed origin carries no CORS headers', async () => {
    const response = await library.app.inject({
      method: 'OPTIONS',
      url: '/api/Book',
      headers: { origin: OTHER, 'access-control-request-method': 'GET' },
    })
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
    expect(response.headers['access-control-allow-methods']).toBeUndefined()
  })

  it('MCP answers an allowed origin whose host is in mcp.allowed-hosts', async () => {
    const response = await library.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { origin: ALLOWED, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED)
  })

  it('a wildcard subdomain entry allows a subdomain and not the apex', async () => {
    const sub = await library.request('/', { headers: { origin: 'https://app.example.com' } })
    expect(sub.headers['access-control-allow-origin']).toBe('https://app.example.com')
    const apex = await library.request('/', { headers: { origin: 'https://example.com' } })
    expect(apex.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('a write from an allowed origin exposes Location', async () => {
    const response = await library.request('/api/Publisher', {
      method: 'POST',
      role: 'authenticated',
      headers: { origin: ALLOWED, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Cross Origin Press' }),
    })
    expect(response.status, response.text).toBe(201)
    expect(response.headers['location']).toBeDefined()
    expect(response.headers['access-control-expose-headers']).toContain('Location')
  })

  it('an OPTIONS request without Origin is not a preflight: 404 envelope', async () => {
    const response = await library.request('/api/Book', { method: 'OPTIONS' })
    expect(response.status).toBe(404)
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('CORS: origins ["*"]', () => {
  const library = useLibraryServer({
    edit: (json) => {
      json['host'] = { ...(json['runtime'] as { host: object }).host, cors: { origins: ['*'] } }
      delete (json['runtime'] as Record<string, unknown>)['host']
    },
  })

  it('answers every origin with * (top-level host spelling), without credentials', async () => {
    const response = await library.request('/api/Book?$first=1', { headers: { origin: 'http://anywhere.test' } })
    expect(response.status).toBe(200)
    expect(response.headers['access-control-allow-origin']).toBe('*')
    expect(response.headers['access-control-allow-credentials']).toBeUndefined()
  })
})

describe('CORS: not configured', () => {
  const library = useLibraryServer()

  it('sends no CORS headers and registers no preflight route', async () => {
    const response = await library.request('/api/Book?$first=1', { headers: { origin: ALLOWED } })
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
    const preflight = await library.request('/api/Book', {
      method: 'OPTIONS',
      headers: { origin: ALLOWED, 'access-control-request-method': 'GET' },
    })
    expect(preflight.status).toBe(404)
  })
})

describe('CORS: configuration errors', () => {
  it('refuses origins ["*"] with allow-credentials true, naming the key', async () => {
    const config = buildLibraryConfig({ runtime: { host: { cors: { origins: ['*'], 'allow-credentials': true } } } })
    expect(config.runtime.host.cors.allowCredentials).toBe(true)
    await expect(
      startLibraryServer({ runtime: { host: { cors: { origins: ['*'], 'allow-credentials': true } } } }),
    ).rejects.toThrow(/runtime\.host\.cors: allow-credentials true cannot be combined with origins \["\*"\]/)
  })
})
