import { describe, expect, it } from 'vitest'
import { isErrorEnvelope, useLibraryServer } from './support/library-test-server.js'

describe('runtime.rest.enabled: false', () => {
  const library = useLibraryServer({ runtime: { rest: { enabled: false } } })

  it.each(['/api/Book', '/api/Book/id/1', '/api', '/api/books/reviews'])(
    'answers 404 with an error envelope for %s',
    async (url) => {
      const response = await library.request(url)
      expect(response.status).toBe(404)
      expect(isErrorEnvelope(response)).toBe(true)
    },
  )

  it('still answers GET /', async () => {
    const response = await library.request('/')
    expect(response.status).toBe(200)
    expect(response.body.status).toBe('Healthy')
  })
})
