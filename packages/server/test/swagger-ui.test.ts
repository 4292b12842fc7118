import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isErrorEnvelope, useLibraryServer } from './support/library-test-server.js'

// SPEC §OpenAPI rule 2: the interactive browser at /swagger (not under the REST path), development mode only,
// with its assets served by the server itself from the swagger-ui-dist package (no CDN).
const require = createRequire(import.meta.url)
const DIST = dirname(
  require.resolve('swagger-ui-dist/package.json', { paths: [dirname(require.resolve('@sluice/plugin-openapi'))] }),
)

describe('Swagger UI in development mode', () => {
  const server = useLibraryServer({ runtime: { rest: { path: '/data' } } })

  it('serves the page at /swagger and /swagger/, loading only same-origin assets', async () => {
    for (const path of ['/swagger', '/swagger/', '/swagger/index.html']) {
      const page = await server.request(path)
      expect(page.status, path).toBe(200)
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
      const urls = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)
      expect(urls.length).toBeGreaterThan(3)
      for (const url of urls) expect(url, 'no CDN').toMatch(/^\/swagger\//)
    }
  })

  it('serves the swagger-ui-dist files byte for byte with their content types', async () => {
    for (const [file, type] of [
      ['swagger-ui-bundle.js', 'text/javascript'],
      ['swagger-ui.css', 'text/css'],
      ['favicon-32x32.png', 'image/png'],
    ] as const) {
      const response = await server.app.inject({ url: `/swagger/${file}` })
      expect(response.statusCode, file).toBe(200)
      expect(response.headers['content-type']).toContain(type)
      expect(response.rawPayload.equals(readFileSync(join(DIST, file))), file).toBe(true)
      expect(response.headers['cache-control']).toBe('public, max-age=3600')
    }
    // The page and its start-up script follow the config, so browsers revalidate them.
    expect((await server.app.inject({ url: '/swagger' })).headers['cache-control']).toBe('no-cache')
  })

  it('points the page at the documents under the runtime REST path: the anonymous view first, then each role', async () => {
    const script = await server.request('/swagger/swagger-initializer.js')
    expect(script.status).toBe(200)
    const options = JSON.parse(/var options = (\{[\s\S]*?\n\});/.exec(script.text)![1]!)
    expect(options.urls[0]).toEqual({ name: 'anonymous', url: '/data/openapi' })
    expect(options.urls.map((u: { name: string }) => u.name)).toEqual(
      expect.arrayContaining(['authenticated', 'editor']),
    )
    for (const { url } of options.urls) expect((await server.request(url)).status, url).toBe(200)
  })

  it('answers 404 in the error envelope for anything else below /swagger', async () => {
    for (const path of [
      '/swagger/package.json',
      '/swagger/../package.json',
      '/swagger/swagger-ui.js.map',
      '/swagger/x/y',
    ]) {
      const response = await server.request(path)
      expect(response.status, path).toBe(404)
      expect(isErrorEnvelope(response), path).toBe(true)
    }
  })
})

describe('Swagger UI in production mode', () => {
  const server = useLibraryServer({ runtime: { host: { mode: 'production' } } })

  it('answers 404 at /swagger and below', async () => {
    for (const path of ['/swagger', '/swagger/', '/swagger/swagger-ui-bundle.js', '/swagger/index.html']) {
      const response = await server.request(path)
      expect(response.status, path).toBe(404)
      expect(isErrorEnvelope(response), path).toBe(true)
    }
  })
})
