import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'

// runtime.base-route: behind Static Web Apps the API is served under a path its front end strips. Routes stay as
// they are; the links Sluice writes (nextLink, Location, OpenAPI's server) carry the base route.
describe('runtime.base-route', () => {
  const library = useLibraryServer({
    runtime: {
      'base-route': '/data-api',
      host: { mode: 'development', authentication: { provider: 'StaticWebApps' } },
    },
    entities: { Author: { permissions: [{ role: 'anonymous', actions: ['*'] }] } },
  })

  it('puts the base route before the path of nextLink, absolute or relative', async () => {
    const { status, body } = await library.request('/api/Book?$first=2', { headers: { host: 'app.example' } })
    expect(status).toBe(200)
    expect(body.nextLink).toMatch(/^http:\/\/app\.example\/data-api\/api\/Book\?\$first=2&\$after=/)
  })

  it('puts it in the Location of a created row', async () => {
    const { status, headers } = await library.request('/api/Author', {
      method: 'POST',
      payload: JSON.stringify({ name: 'Base Route' }),
      headers: { host: 'app.example' },
    })
    expect(status).toBe(201)
    expect(headers['location']).toMatch(/^http:\/\/app\.example\/data-api\/api\/Author\/id\/\d+$/)
  })

  it("names the base route in OpenAPI's server", async () => {
    const { body } = await library.request('/api/openapi')
    expect(body.servers).toEqual([expect.objectContaining({ url: '/data-api/api' })])
  })
})
