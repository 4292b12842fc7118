import { describe, expect, it } from 'vitest'
import { isErrorEnvelope, useLibraryServer, type JsonResponse } from './support/library-test-server.js'

function expectBadFirst(response: JsonResponse, value: string): void {
  expect(response.status).toBe(400)
  expect(isErrorEnvelope(response)).toBe(true)
  expect(response.body.error).toEqual({
    code: 'Bad Request',
    message: `Invalid number of items requested, $first must be -1 or an integer greater than 0. Actual value: ${value}`,
    status: 400,
  })
}

function expectBadCursor(response: JsonResponse): void {
  expect(response.status).toBe(400)
  expect(isErrorEnvelope(response)).toBe(true)
  expect(response.body.error.message).toMatch(/\$after/)
}

function afterOf(nextLink: string): string {
  const after = new URL(nextLink).searchParams.get('$after')
  expect(after).toBeTruthy()
  return after!
}

describe('invalid $first and $after values', () => {
  const library = useLibraryServer()

  describe('rejects a cursor it did not issue for this query with 400, never 500', () => {
    it('a tampered cursor', async () => {
      const first = await library.request('/api/Book?$first=2')
      const after = afterOf(first.body.nextLink)
      const flipped = `${after.slice(0, 10)}${after[10] === 'A' ? 'B' : 'A'}${after.slice(11)}`
      expectBadCursor(await library.request(`/api/Book?$first=2&$after=${flipped}`))
      expectBadCursor(await library.request(`/api/Book?$first=2&$after=${after.slice(0, -4)}`))
      expectBadCursor(await library.request(`/api/Book?$first=2&$after=${after}AAAA`))
    })

    it('the same cursor spelt otherwise: one character added, or unused trailing bits set', async () => {
      const first = await library.request('/api/Book?$first=2')
      const after = afterOf(first.body.nextLink)
      for (const extra of ['A', 'Q', '_'])
        expectBadCursor(await library.request(`/api/Book?$first=2&$after=${after}${extra}`))
      // A lenient decoder reads these as the very bytes of the cursor (a last character's low bits are unused).
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
      const sibling = alphabet[alphabet.indexOf(after.at(-1)!) ^ 1]!
      if (after.length % 4 !== 0)
        expectBadCursor(await library.request(`/api/Book?$first=2&$after=${after.slice(0, -1)}${sibling}`))
      expect((await library.request(`/api/Book?$first=2&$after=${after}`)).status).toBe(200)
    })

    it.each([
      ['garbage', 'garbage'],
      ['one character', 'a'],
      ['invalid base64 characters', '%21%21%21%21'],
      ['a NUL byte', '%00'],
      [
        'a hand-made Data API builder cursor',
        encodeURIComponent(
          Buffer.from('[{"EntityName":"Book","FieldName":"id","FieldValue":3,"Direction":0}]').toString('base64'),
        ),
      ],
      ['a JSON array', encodeURIComponent('[1,2]')],
      ['a very long value', 'A'.repeat(5000)],
    ])('%s', async (_, after) => {
      expectBadCursor(await library.request(`/api/Book?$first=2&$after=${after}`))
    })

    it('a cursor of another entity', async () => {
      const first = await library.request('/api/Book?$first=2')
      expectBadCursor(await library.request(`/api/Author?$first=2&$after=${afterOf(first.body.nextLink)}`))
      expectBadCursor(await library.request(`/api/Publisher?$first=2&$after=${afterOf(first.body.nextLink)}`))
    })

    it('a cursor of another $orderby', async () => {
      const byTitle = await library.request('/api/Book?$first=2&$orderby=title')
      const after = afterOf(byTitle.body.nextLink)
      expectBadCursor(await library.request(`/api/Book?$first=2&$after=${after}`))
      expectBadCursor(await library.request(`/api/Book?$first=2&$orderby=title%20desc&$after=${after}`))
      expectBadCursor(await library.request(`/api/Book?$first=2&$orderby=price&$after=${after}`))
      expectBadCursor(await library.request(`/api/Book?$first=2&$orderby=title,price&$after=${after}`))
      expect((await library.request(`/api/Book?$first=2&$orderby=title&$after=${after}`)).status).toBe(200)
    })

    it('an empty $after', async () => {
      const response = await library.request('/api/Book?$after=')
      expect(response.status).toBe(400)
      expect(isErrorEnvelope(response)).toBe(true)
    })
  })

  describe('$first values', () => {
    it.each([
      ['0', '0'],
      ['-2', '-2'],
      ['1.5', '1.5'],
      ['abc', 'abc'],
      ['1e2', '1e2'],
      ['0x10', '0x10'],
      ['-1.0', '-1.0'],
    ])("$first=%s is a 400 with Data API builder's message", async (value, shown) => {
      expectBadFirst(await library.request(`/api/Book?$first=${value}`), shown)
    })

    it("$first above the maximum page size is a 400 with Data API builder's message", async () => {
      const response = await library.request('/api/Book?$first=100001')
      expect(response.status).toBe(400)
      expect(isErrorEnvelope(response)).toBe(true)
      expect(response.body.error.message).toBe(
        'Invalid number of items requested, first argument must be either -1 or a positive number within the max page size limit of 100000. Actual value: 100001',
      )
    })

    it('a huge $first is a 400, not a 500', async () => {
      const response = await library.request('/api/Book?$first=99999999999999999999')
      expect(response.status).toBe(400)
      expect(isErrorEnvelope(response)).toBe(true)
    })

    it('an empty $first is a 400', async () => {
      const response = await library.request('/api/Book?$first=')
      expect(response.status).toBe(400)
      expect(isErrorEnvelope(response)).toBe(true)
    })
  })
})
