import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isErrorEnvelope, useLibraryServer } from './support/library-test-server.js'

const packageVersion = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version

describe('GET / and routes outside the REST prefix', () => {
  const library = useLibraryServer()

  it('GET / answers 200 JSON with the status and the server version', async () => {
    const response = await library.request('/')
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.body).toEqual({ status: 'Healthy', version: packageVersion })
  })

  it.each(['/nothing', '/swagger-ish', '/apix/Book', '/graphqlx'])(
    'an unknown route outside /api (%s) is a 404 error envelope',
    async (url) => {
      const response = await library.request(url)
      expect(response.status).toBe(404)
      expect(isErrorEnvelope(response)).toBe(true)
      expect(response.body.error.code).toBe('Not Found')
    },
  )

  it('the REST prefix is case-sensitive: /API/Book and /Api/Book are 404 envelopes', async () => {
    for (const url of ['/API/Book', '/Api/Book']) {
      const response = await library.request(url)
      expect(response.status).toBe(404)
      expect(isErrorEnvelope(response)).toBe(true)
    }
  })

  it('an unknown route outside /api with a query string is still a 404 envelope', async () => {
    const response = await library.request('/nothing?$first=1')
    expect(response.status).toBe(404)
    expect(isErrorEnvelope(response)).toBe(true)
  })

  it('a path with malformed percent-encoding is a 400 error envelope, inside and outside /api', async () => {
    for (const path of ['/%zz', '/api/%E0%A4%A', '/api/Book/id/%zz']) {
      const response = await library.requestRawPath(path)
      expect(response.status, path).toBe(400)
      expect(isErrorEnvelope(response), response.text).toBe(true)
    }
  })
})
