import { describe, expect, it } from 'vitest'
import { parseParameterDefaults } from './mysql-routines.js'

describe('parseParameterDefaults', () => {
  it('reads `defaults:` from a routine comment: numbers and quoted strings, names lower-cased', () => {
    expect([...parseParameterDefaults("Books by price. defaults: Min_Price=5, label='it''s', delta=-1.5")]).toEqual([
      ['min_price', '5'],
      ['label', "it's"],
      ['delta', '-1.5'],
    ])
  })

  it('finds nothing without the clause, or with values it does not accept', () => {
    expect(parseParameterDefaults(null).size).toBe(0)
    expect(parseParameterDefaults('no defaults here').size).toBe(0)
    expect(parseParameterDefaults('defaults: x=NOW()').size).toBe(0)
  })
})
