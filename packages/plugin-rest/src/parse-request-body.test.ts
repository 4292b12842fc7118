import { describe, expect, it } from 'vitest'
import { isSluiceError } from '@sluice/core/protocol'
import { parseRequestBody } from './parse-request-body.js'

function codeOf(text: string): string | undefined {
  try {
    parseRequestBody(text)
  } catch (error) {
    return isSluiceError(error) ? error.code : 'not a SluiceError'
  }
  return undefined
}

describe('parseRequestBody', () => {
  it('keeps integers beyond 2^53 exact, as bigint', () => {
    expect(parseRequestBody('{"id":9007199254740993,"max":9223372036854775807,"n":5,"f":1.5}')).toEqual({
      id: 9007199254740993n,
      max: 9223372036854775807n,
      n: 5,
      f: 1.5,
    })
    // Long digit runs inside strings do not change how numbers are read.
    expect(parseRequestBody('{"isbn":"97812345678901234","n":7}')).toEqual({ isbn: '97812345678901234', n: 7 })
  })

  it('finds integers beyond 2^53 anywhere in the body, and leaves every other number a number', () => {
    expect(parseRequestBody('{"book":{"id":-9007199254740993},"tags":[1,[9223372036854775807]]}')).toEqual({
      book: { id: -9007199254740993n },
      tags: [1, [9223372036854775807n]],
    })
    expect(
      parseRequestBody('{"safe":9007199254740991,"long":1234567890123456,"exp":1e20,"frac":123456789012345678.5}'),
    ).toEqual({
      safe: 9007199254740991,
      long: 1234567890123456,
      exp: 1e20,
      frac: 123456789012345678.5,
    })
  })

  it('reads a body nested thousands of levels deep without overflowing the stack (core refuses its values)', () => {
    const depth = 20_000
    const nested = '{"a":['.repeat(depth) + '1' + ']}'.repeat(depth)
    expect(parseRequestBody(`{"publisher":${nested}}`)).toHaveProperty('publisher.a')
  })

  it('refuses what is not one JSON object', () => {
    expect(parseRequestBody('  ')).toBeUndefined()
    expect(codeOf('{"a":')).toBe('SLUICE_ERR_BODY_INVALID_JSON')
    expect(codeOf('{"a":12345678901234567,}')).toBe('SLUICE_ERR_BODY_INVALID_JSON')
    expect(codeOf('[{"a":1}]')).toBe('SLUICE_ERR_BODY_ARRAY')
    expect(codeOf('"x"')).toBe('SLUICE_ERR_BODY_NOT_OBJECT')
    expect(codeOf('null')).toBe('SLUICE_ERR_BODY_NOT_OBJECT')
  })
})
