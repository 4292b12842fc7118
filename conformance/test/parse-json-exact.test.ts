import { describe, expect, it } from 'vitest'
import { parseJsonExact } from '../src/rest/parse-json-exact.js'

describe('parseJsonExact', () => {
  it('keeps long integers as their digits and everything else as JSON.parse does', () => {
    expect(
      parseJsonExact(
        '{"value":[{"a":9223372036854775807,"b":-9223372036854775808,"c":12.50,"d":123456789012345,"e":1e400}]}',
      ),
    ).toEqual({
      value: [{ a: '9223372036854775807', b: '-9223372036854775808', c: 12.5, d: 123456789012345, e: Infinity }],
    })
  })

  it('never touches string contents, escaped quotes included', () => {
    expect(parseJsonExact('["x\\":12345678901234567890", "\\\\", 1]')).toEqual(['x":12345678901234567890', '\\', 1])
  })

  it('throws on invalid JSON', () => {
    expect(() => parseJsonExact('{"a":')).toThrow()
  })
})
