import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { HttpRequest, HttpResponse } from '@sluice/core/protocol'
import { chooseEncoding } from './choose-encoding.js'
import { CompressionEncoder } from './compress-response.js'
import { compressionSettings } from './compression-settings.js'

const request = (acceptEncoding?: string | string[]): HttpRequest => ({
  method: 'GET',
  path: '/api/Book',
  query: '',
  body: undefined,
  protocol: 'http',
  host: 'localhost',
  headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
})
const big = JSON.stringify({
  value: Array.from({ length: 100 }, (_, i) => ({ id: i, title: `The Book of Things, volume ${i}` })),
})
const json = (
  body: HttpResponse['body'],
  status = 200,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): HttpResponse => ({ status, headers, body })

describe('chooseEncoding', () => {
  it('honours q-values, prefers brotli on ties, and understands identity and *', () => {
    expect(chooseEncoding(request())).toBeUndefined()
    expect(chooseEncoding(request('gzip, deflate, br'))).toBe('br')
    expect(chooseEncoding(request('gzip;q=1, br;q=0.5'))).toBe('gzip')
    expect(chooseEncoding(request('br;q=0, gzip'))).toBe('gzip')
    expect(chooseEncoding(request('identity'))).toBeUndefined()
    expect(chooseEncoding(request('*'))).toBe('br')
    expect(chooseEncoding(request('deflate'))).toBeUndefined()
    expect(chooseEncoding(request(['gzip;q=0.1', 'br;q=0.2']))).toBe('br')
  })
})

describe('CompressionEncoder', () => {
  const encoder = new CompressionEncoder(compressionSettings('optimal'))

  it('compresses a large body with the negotiated encoding; it decompresses to the original', async () => {
    const br = await encoder.encode(request('br'), json(big))
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      vary: 'Accept-Encoding',
      'content-type': 'application/json',
    })
    expect(brotliDecompressSync(br.body as Uint8Array).toString('utf8')).toBe(big)
    const gz = await new CompressionEncoder(compressionSettings('fastest')).encode(
      request('gzip'),
      json(Buffer.from(big)),
    )
    expect(gz.headers?.['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body as Uint8Array).toString('utf8')).toBe(big)
    expect((br.body as Uint8Array).byteLength).toBeLessThan(big.length / 4)
  })

  it('leaves small bodies, empty responses, encoded bodies and streams as they are (small ones still Vary)', async () => {
    const small = await encoder.encode(request('br'), json('{"value":[]}'))
    expect(small).toEqual(json('{"value":[]}', 200, { 'content-type': 'application/json', vary: 'Accept-Encoding' }))
    const empty: HttpResponse = { status: 204 }
    expect(await encoder.encode(request('br'), empty)).toBe(empty)
    const encoded = json(big, 200, { 'Content-Encoding': 'gzip' })
    expect(await encoder.encode(request('br'), encoded)).toBe(encoded)
    const stream = json(
      (async function* () {
        yield big
      })(),
    )
    expect(await encoder.encode(request('br'), stream)).toBe(stream)
    const notAccepted = await encoder.encode(request(), json(big, 200, { vary: 'Origin' }))
    expect(notAccepted).toEqual(json(big, 200, { vary: 'Origin, Accept-Encoding' }))
  })
})
