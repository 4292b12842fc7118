import * as fc from 'fast-check'
import { Filter } from '@sluice/core'
import type { LiteralOperand } from '@sluice/core/protocol'
import type { NeutralType } from '../fixture.js'
import { createColumnValueArbitrary, textArbitrary } from './column-value-arbitrary.js'

/**
 * `$filter` literals a column of `type` accepts, drawn mostly from the same small domain as the column's values
 * (so comparisons often hit equal values): number literals for numeric columns (decimals also with 0, 1 or 3
 * fraction digits), quoted text, `true`/`false`, date literals or quoted dates for dates, date-time or date
 * literals for timestamps. Never `null` (see the null comparisons of `createTableFilterArbitrary`).
 */
export function createColumnLiteralArbitrary(type: NeutralType): fc.Arbitrary<LiteralOperand> {
  switch (type) {
    case 'int':
    case 'bigint':
      return createColumnValueArbitrary(type).map((v) => Filter.literal(String(v), 'number'))
    case 'decimal':
      return fc
        .oneof(
          { arbitrary: createColumnValueArbitrary(type).map(String), weight: 4 },
          { arbitrary: fc.constantFrom('0', '-1', '2', '0.5', '-0.25', '1.005', '-2.125', '0.001'), weight: 1 },
        )
        .map((v) => Filter.literal(v, 'number'))
    case 'text':
      return textArbitrary.map((v) => Filter.literal(v, 'string'))
    case 'boolean':
      return fc.boolean().map((v) => Filter.literal(v, 'boolean'))
    case 'date':
      return fc
        .tuple(createColumnValueArbitrary(type), fc.boolean())
        .map(([v, quoted]) => Filter.literal(v, quoted ? 'string' : 'date'))
    case 'timestamp':
      return fc.oneof(
        { arbitrary: createColumnValueArbitrary(type).map((v) => Filter.literal(v, 'datetime')), weight: 3 },
        { arbitrary: createColumnValueArbitrary('date').map((v) => Filter.literal(v, 'date')), weight: 1 },
      )
  }
}
