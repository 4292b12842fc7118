import { describe, expect, it } from 'vitest'
import { ExactNumber, parseExactJson } from './parse-exact-json.js'

describe('parseExactJson', () => {
  it('keeps the digits of decimals and 64-bit integers, and parses the rest as JSON.parse does', () => {
    const value = parseExactJson(
      '[{"price":19.90,"id":9223372036854775807,"n":42,"x":-0.5,"s":"19.90","b":true,"z":null}]',
    ) as Record<string, unknown>[]
    expect(value[0]!['price']).toBeInstanceOf(ExactNumber)
    expect(String(value[0]!['price'])).toBe('19.90')
    expect(Number(value[0]!['price'])).toBe(19.9)
    expect((value[0]!['id'] as ExactNumber).text).toBe('9223372036854775807')
    expect(value[0]).toMatchObject({ n: 42, x: -0.5, s: '19.90', b: true, z: null })
  })

  it('throws on text that is not JSON', () => {
    expect(() => parseExactJson('{"a":')).toThrow()
  })
})
