import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'

// Response compression (SPEC §Response compression, runtime.compression.level): gzip or brotli negotiated from
// Accept-Encoding for protocol responses above the size threshold; `none` turns it off.

describe('compression at the default level (optimal)', () => {
  const library = useLibraryServer()

  it('brotli- or gzip-encodes a 100-row page the client accepts, and it decodes to the plain page', async () => {
    const url = '/api/Loan?$first=100'
    const plain = await library.app.inject({ url, headers: { 'x-ms-api-role': 'authenticated' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['vary']).toBe('Accept-Encoding')
    const br = await library.app.inject({
      url,
      headers: { 'x-ms-api-role': 'authenticated', 'accept-encoding': 'gzip, br' },
    })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 3)
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body)
    const gz = await library.app.inject({
      url,
      headers: { 'x-ms-api-role': 'authenticated', 'accept-encoding': 'gzip' },
    })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body)
  })

  it('sends small bodies and empty responses as they are', async () => {
    const byKey = await library.app.inject({ url: '/api/Book/id/1', headers: { 'accept-encoding': 'br' } })
    expect(byKey.statusCode).toBe(200)
    expect(byKey.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(byKey.body).value[0].id).toBe(1)
    const deleted = await library.app.inject({
      method: 'DELETE',
      url: '/api/BookAuthor/book_id/1/author_id/1',
      headers: { 'x-ms-api-role': 'authenticated', 'accept-encoding': 'br' },
    })
    expect(deleted.statusCode).toBe(204)
    expect(deleted.headers['content-encoding']).toBeUndefined()
    expect(deleted.rawPayload.byteLength).toBe(0)
  })
})

describe('compression level none', () => {
  const library = useLibraryServer({ runtime: { compression: { level: 'none' } } })

  it('never encodes', async () => {
    const response = await library.app.inject({
      url: '/api/Loan?$first=100',
      headers: { 'x-ms-api-role': 'authenticated', 'accept-encoding': 'br, gzip' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(response.body).value).toHaveLength(100)
  })
})
