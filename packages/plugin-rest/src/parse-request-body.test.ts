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
      id: 9007199254740993n, max: 9223372036854775807n, n: 5, f: 1.5,
    })
    // Long digit runs inside strings do not change how numbers are read.
    expect(parseRequestBody('{"isbn":"97812345678901234","n":7}')).toEqual({ isbn: '97812345678901234', n: 7 })
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
