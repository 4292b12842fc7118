import { describe, expect, it } from 'vitest'
import { isSluiceError } from '../errors/sluice-error.js'
import { findLineAndColumn, locateJsonError } from './locate-json-error.js'
import { parseConfigJson } from './parse-config-json.js'

function problemOf(text: string): string {
  try {
    parseConfigJson(text, 'dab.json')
  } catch (error) {
    if (isSluiceError(error)) return String(error.params['problems'])
    throw error
  }
  throw new Error('expected a problem')
}

describe('parseConfigJson', () => {
  it('parses JSON with comments and a byte-order mark', () => {
    expect(parseConfigJson('\uFEFF{ "a": "//not a comment", /* c */ "b": [1, 2] // tail\n}', undefined)).toEqual({
      a: '//not a comment',
      b: [1, 2],
    })
  })

  it.each([
    ['{\n  "a": 1,\n}', 3, 1],
    ['{ "a" 1 }', 1, 7],
    ['{ "a": tru }', 1, 8],
    ['[1, 2', 1, 6],
    ['{ "a": "x\ny" }', 1, 10],
    ['{} {}', 1, 4],
    ['{ "a": 01 }', 1, 9],
  ])('reports %j at line %i, column %i', (text, line, column) => {
    expect(problemOf(text)).toMatch(
      new RegExp(`^ {2}- invalid JSON at line ${line}, column ${column} of dab\\.json: \\S`),
    )
  })

  it('keeps positions when comments precede the error', () => {
    expect(problemOf('/* one\ntwo */ {\n "a": }')).toMatch(/line 3, column 7/)
  })
})

describe('locateJsonError', () => {
  it('returns undefined for valid JSON', () => {
    expect(locateJsonError(' {"a": [1, -2.5e3, true, false, null, "\\u00e9\\n"]} ')).toBeUndefined()
  })

  it('computes 1-based line and column', () => {
    expect(findLineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 })
  })
})
