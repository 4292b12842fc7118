import { describe, expect, it } from 'vitest'
import { Filter } from '../filter/filter-node.js'
import { compareLiterals } from './compare-literals.js'

const n = (v: string) => Filter.literal(v, 'number')
const s = (v: string) => Filter.literal(v, 'string')

describe('compareLiterals', () => {
  it('decides comparisons of two literals as OData does', () => {
    expect(compareLiterals('ne', n('1'), n('1'))).toBe(false)
    expect(compareLiterals('eq', n('1'), n('1.0'))).toBe(true)
    expect(compareLiterals('gt', n('9223372036854775807'), n('9223372036854775806'))).toBe(true)
    expect(compareLiterals('lt', s('a'), s('b'))).toBe(true)
    expect(compareLiterals('eq', Filter.literal(null, 'null'), Filter.literal(null, 'null'))).toBe(true)
    expect(compareLiterals('gt', Filter.literal(null, 'null'), n('1'))).toBe(false)
    expect(compareLiterals('ne', Filter.literal(null, 'null'), n('1'))).toBe(true)
    expect(compareLiterals('le', Filter.literal(false, 'boolean'), Filter.literal(true, 'boolean'))).toBe(true)
    expect(
      compareLiterals('lt', Filter.literal('2020-01-01', 'date'), Filter.literal('2020-01-02T00:00:00Z', 'datetime')),
    ).toBe(true)
  })

  it('compares a bound claim (typed by its JSON value) with a literal', () => {
    expect(compareLiterals('eq', Filter.literal('admin', 'any'), s('admin'))).toBe(true)
    expect(compareLiterals('ge', Filter.literal(7, 'any'), n('7'))).toBe(true)
  })

  it('cannot compare different kinds', () => {
    expect(compareLiterals('eq', n('1'), s('1'))).toBeUndefined()
    expect(compareLiterals('eq', Filter.literal({}, 'any'), s('x'))).toBeUndefined()
  })
})
