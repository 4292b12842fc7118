import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { coerceValue } from './coerce-value.js'

describe('coerceValue', () => {
  it.each([
    ['int', '42', 'any', 42],
    ['int', '-2147483648', 'number', -2147483648],
    ['long', '9223372036854775807', 'number', '9223372036854775807'],
    ['byte', 255, 'any', 255],
    ['decimal', '12.50', 'number', '12.50'],
    ['float', '1e3', 'number', 1000],
    ['boolean', 'true', 'any', true],
    ['boolean', false, 'boolean', false],
    ['string', 'x', 'string', 'x'],
    ['uuid', 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11', 'guid', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'],
    ['date', '2024-02-29', 'date', '2024-02-29'],
    ['datetime', '2024-02-29T10:20:30.123Z', 'datetime', '2024-02-29T10:20:30.123Z'],
    ['datetime', '2024-02-29 10:20', 'string', '2024-02-29 10:20'],
    ['time', '23:59:59', 'time', '23:59:59'],
    ['datetime', '2024-01-01T10:00:00+00:00', 'datetime', '2024-01-01T10:00:00+00:00'],
    ['datetimeoffset', '2024-01-01T10:00:00+14:00', 'datetime', '2024-01-01T10:00:00+14:00'],
  ] as const)('accepts %s %j (%s)', (type, raw, origin, value) => {
    expect(coerceValue(type, raw, origin)).toEqual({ ok: true, value })
  })

  it.each([
    ['int', '2147483648', 'number'],
    ['int', '1.5', 'number'],
    ['int', 'abc', 'any'],
    ['int', ' 1', 'any'],
    ['byte', -1, 'any'],
    ['string', '5', 'number'],
    ['boolean', 'yes', 'any'],
    ['boolean', 'true', 'string'],
    ['date', '2023-02-29', 'date'],
    ['date', '2023-13-01', 'string'],
    ['datetime', '2023-01-01T24:00', 'datetime'],
    ['float', '1e400', 'number'],
    ['uuid', 'not-a-uuid', 'string'],
    ['json', '{}', 'string'],
    ['int', null, 'null'],
    ['datetime', '2024-01-01T10:00:00+02:00', 'datetime'],
    ['datetimeoffset', '2024-01-01T10:00:00+99:99', 'datetime'],
    ['datetimeoffset', '2024-01-01T10:00:00+15:00', 'datetime'],
  ] as const)('rejects %s %j (%s)', (type, raw, origin) => {
    expect(coerceValue(type, raw, origin).ok).toBe(false)
  })

  it('decodes base64 bytes', () => {
    const r = coerceValue('bytes', 'AQID', 'any')
    expect(r.ok && Array.from(r.value as Uint8Array)).toEqual([1, 2, 3])
  })

  it('writes bigints inside JSON values as exact numbers', () => {
    expect(coerceValue('json', { a: [9007199254740993n], s: '\\u0000bigint:5', n: 1 })).toEqual({
      ok: true,
      value: '{"a":[9007199254740993],"s":"\\\\u0000bigint:5","n":1}',
    })
  })

  it('reads an integer from a JSON number exactly as from its text, in and out of every range', () => {
    const integers = fc.oneof(
      fc.integer(),
      fc.maxSafeInteger(),
      fc.constantFrom(0, -0, 255, 256, -1, 32767, 32768, -32769, 2147483648, -2147483649),
    )
    fc.assert(
      fc.property(
        fc.constantFrom('byte', 'short', 'int', 'long') as fc.Arbitrary<'byte' | 'short' | 'int' | 'long'>,
        integers,
        (type, n) => {
          expect(coerceValue(type, n, 'any')).toEqual(coerceValue(type, String(n), 'number'))
        },
      ),
      { numRuns: 500 },
    )
  })

  it('reads a float from a JSON number exactly as from its text, non-finite ones refused', () => {
    const numbers = fc.oneof(
      fc.double(),
      fc.integer(),
      fc.constantFrom(0, -0, 1e21, -1e-7, Number.MAX_VALUE, Number.MIN_VALUE),
    )
    fc.assert(
      fc.property(fc.constantFrom('single', 'float') as fc.Arbitrary<'single' | 'float'>, numbers, (type, n) => {
        const expected = Number.isFinite(n)
          ? coerceValue(type, String(n), 'number')
          : { ok: false, expected: 'a number' }
        expect(coerceValue(type, n, 'any')).toEqual(expected)
      }),
      { numRuns: 500 },
    )
  })
})
