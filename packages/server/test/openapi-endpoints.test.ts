import { gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { isErrorEnvelope, startLibraryServer, useLibraryServer } from './support/library-test-server.js'
import { expectValidOpenApi } from './support/openapi-document-checks.js'

/** Tests that start their own server (a seeded PGlite) get the start-up time hooks get. */
const STARTS_A_SERVER = { timeout: 120_000 }

// SPEC §OpenAPI rules 1–3: where the documents are, which roles have one, and what production serves.
describe('OpenAPI endpoints in development mode', () => {
  // `reader` is named only on an entity whose REST endpoint is off: still a role of the config.
  // `ghost` appears nowhere: no document.
  const server = useLibraryServer({
    entities: {
      BookDetail: {
        rest: { enabled: false },
        permissions: [
          { role: 'anonymous', actions: ['read'] },
          { role: 'reader', actions: ['read'] },
        ],
      },
    },
  })

  it('serves the anonymous view at the base path, as JSON, valid OpenAPI 3.0.1', async () => {
    const base = await server.request('/api/openapi')
    expect(base.status).toBe(200)
    expect(base.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(base.body.openapi).toBe('3.0.1')
    expect(base.body.servers).toEqual([expect.objectContaining({ url: '/api' })])
    await expectValidOpenApi(base.body)
    const anonymous = await server.request('/api/openapi/anonymous')
    expect(anonymous.status).toBe(200)
    expect(anonymous.text).toBe(base.text)
  })

  it('serves one document per configured role, each valid, each different', async () => {
    const texts = new Set<string>()
    for (const role of ['anonymous', 'authenticated', 'editor', 'reader']) {
      const response = await server.request(`/api/openapi/${role}`)
      expect(response.status, role).toBe(200)
      await expectValidOpenApi(response.body)
      texts.add(response.text)
    }
    expect(texts.size).toBe(4)
  })

  it('gives a role configured only on a REST-disabled entity the operations it inherits from authenticated', async () => {
    const reader = await server.request('/api/openapi/reader')
    const authenticated = await server.request('/api/openapi/authenticated')
    expect(reader.body.paths).toEqual(authenticated.body.paths)
    expect(Object.keys(reader.body.paths)).not.toContain('/BookDetail')
  })

  it('matches role names case-insensitively, as the role header does', async () => {
    const lower = await server.request('/api/openapi/editor')
    const upper = await server.request('/api/openapi/EDITOR')
    expect(upper.status).toBe(200)
    expect(upper.text).toBe(lower.text)
  })

  it('answers 404 in the error envelope for a role no entity names (rule 3)', async () => {
    const response = await server.request('/api/openapi/ghost')
    expect(response.status).toBe(404)
    expect(isErrorEnvelope(response)).toBe(true)
    expect(response.body.error.message).toBe("Role 'ghost' is not present in the configuration.")
  })

  it('answers 404 for paths below a role path, 400 for a malformed role name, both in the error envelope', async () => {
    for (const [path, status] of [
      ['/api/openapi/editor/extra', 404],
      ['/api/openapi/%E0%A4%A', 400],
    ] as const) {
      const response = await server.request(path)
      expect(response.status, path).toBe(status)
      expect(isErrorEnvelope(response), path).toBe(true)
    }
  })

  it('answers HEAD like GET, without a body', async () => {
    const response = await server.request('/api/openapi/editor', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.text).toBe('')
  })

  it('returns the same document bytes on every request (built once at start-up)', async () => {
    const first = await server.request('/api/openapi/authenticated')
    const second = await server.request('/api/openapi/authenticated')
    expect(second.text).toBe(first.text)
  })
})

describe('OpenAPI endpoints in production mode', () => {
  const server = useLibraryServer({ runtime: { host: { mode: 'production' } } })

  it('serves the base path (the anonymous view) only', async () => {
    const base = await server.request('/api/openapi')
    expect(base.status).toBe(200)
    await expectValidOpenApi(base.body)
    expect(Object.keys(base.body.paths)).toContain('/Book')
  })

  it('answers 404 on every role path, including roles that exist (rule 1)', async () => {
    for (const role of ['anonymous', 'authenticated', 'editor', 'ghost']) {
      const response = await server.request(`/api/openapi/${role}`)
      expect(response.status, role).toBe(404)
      expect(isErrorEnvelope(response), role).toBe(true)
    }
  })
})

describe('OpenAPI documents and response compression', () => {
  const server = useLibraryServer({ runtime: { compression: { level: 'optimal' } } })

  it('are compressed like every other response when the client accepts it', async () => {
    const plain = await server.request('/api/openapi')
    const response = await server.app.inject({ url: '/api/openapi', headers: { 'accept-encoding': 'gzip' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(plain.text)
  })
})

describe('OpenAPI endpoint location', () => {
  const servers: { close(): Promise<void> }[] = []
  afterAll(async () => {
    for (const s of servers) await s.close()
  })

  it('lives under the runtime REST path, and the document names that path as its server', STARTS_A_SERVER, async () => {
    const server = await startLibraryServer({ runtime: { rest: { path: '/data/v2' } } })
    servers.push(server)
    const response = await server.app.inject({ url: '/data/v2/openapi' })
    expect(response.statusCode).toBe(200)
    const document = JSON.parse(response.body)
    expect(document.servers[0].url).toBe('/data/v2')
    await expectValidOpenApi(document)
    expect((await server.app.inject({ url: '/api/openapi' })).statusCode).toBe(404)
    // The documented paths really are below the server URL.
    const rows = await server.app.inject({ url: '/data/v2/Book?$first=1' })
    expect(rows.statusCode).toBe(200)
  })

  it(
    'serves an empty anonymous view when no entity grants anonymous anything, and 404 on /anonymous (rule 3)',
    STARTS_A_SERVER,
    async () => {
      const server = await startLibraryServer({
        edit: (config) => {
          for (const entity of Object.values(
            config['entities'] as Record<string, { permissions: { role: string }[] }>,
          )) {
            entity.permissions = entity.permissions.filter((p) => p.role !== 'anonymous')
          }
        },
      })
      servers.push(server)
      const base = await server.app.inject({ url: '/api/openapi' })
      expect(base.statusCode).toBe(200)
      const document = JSON.parse(base.body)
      await expectValidOpenApi(document)
      expect(document.paths).toEqual({})
      expect((await server.app.inject({ url: '/api/openapi/anonymous' })).statusCode).toBe(404)
      expect((await server.app.inject({ url: '/api/openapi/authenticated' })).statusCode).toBe(200)
    },
  )

  it('is absent when REST is disabled globally: there is no endpoint to describe', STARTS_A_SERVER, async () => {
    const server = await startLibraryServer({ runtime: { rest: { enabled: false } } })
    servers.push(server)
    expect((await server.app.inject({ url: '/api/openapi' })).statusCode).toBe(404)
    expect((await server.app.inject({ url: '/swagger' })).statusCode).toBe(404)
  })
})
