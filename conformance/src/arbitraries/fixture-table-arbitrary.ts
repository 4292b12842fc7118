import * as fc from 'fast-check'
import {
  NEUTRAL_TYPES,
  type FixtureColumn,
  type FixtureRow,
  type FixtureTable,
  type FixtureValue,
  type NeutralType,
} from '../fixture.js'
import { createColumnCellArbitrary } from './column-value-arbitrary.js'

/**
 * Column names to draw from: mixed case, SQL reserved words (`order`, `user`, `select`), a non-ASCII name and a
 * leading underscore, all valid `$filter` identifiers, so quoting and name mapping are exercised.
 */
export const COLUMN_NAMES: readonly string[] = Object.freeze([
  'id',
  'Code',
  'qty',
  'price',
  'title',
  'flag',
  'born',
  'seen_at',
  'big',
  'order',
  'user',
  'select',
  'Größe',
  'x2',
  '_note',
  'rank',
])

/** Types a primary-key column may have. */
export const KEY_TYPES: readonly NeutralType[] = Object.freeze(['int', 'bigint', 'text', 'date'])

export interface FixtureTableArbitraryOptions {
  /** Table (and entity) name. */
  readonly name: string
  readonly minRows?: number
  /** Default 20. */
  readonly maxRows?: number
  /** Columns in the primary key: 1 to this (default 2). */
  readonly maxKeyColumns?: number
  /** Columns outside the key: 1 to this (default 5). */
  readonly maxOtherColumns?: number
}

/**
 * Random tables: a single or composite primary key of {@link KEY_TYPES}, other columns of any neutral type
 * (nullable or not), and rows with unique keys, frequent duplicates and NULLs in the other columns.
 */
export function createFixtureTableArbitrary(options: FixtureTableArbitraryOptions): fc.Arbitrary<FixtureTable> {
  const maxKey = options.maxKeyColumns ?? 2
  const maxOther = options.maxOtherColumns ?? 5
  const shape = fc
    .tuple(
      fc.array(fc.constantFrom(...KEY_TYPES), { minLength: 1, maxLength: maxKey }),
      fc.array(fc.tuple(fc.constantFrom(...NEUTRAL_TYPES), fc.boolean()), { minLength: 1, maxLength: maxOther }),
    )
    .chain(([keyTypes, otherTypes]) =>
      fc
        .shuffledSubarray([...COLUMN_NAMES], {
          minLength: keyTypes.length + otherTypes.length,
          maxLength: keyTypes.length + otherTypes.length,
        })
        .map((names) => ({
          keyCount: keyTypes.length,
          columns: [
            ...keyTypes.map((type, i): FixtureColumn => ({ name: names[i]!, type, nullable: false })),
            ...otherTypes.map(([type, nullable], i): FixtureColumn => ({
              name: names[keyTypes.length + i]!,
              type,
              nullable,
            })),
          ],
        })),
    )
  return shape.chain(({ columns, keyCount }) => {
    const primaryKey = columns.slice(0, keyCount).map((c) => c.name)
    const cell = Object.fromEntries(
      columns.map((c, i) => [c.name, createColumnCellArbitrary(c.type, c.nullable, { forKey: i < keyCount })]),
    )
    const rows = fc.uniqueArray(fc.record(cell) as fc.Arbitrary<FixtureRow>, {
      minLength: options.minRows ?? 0,
      maxLength: options.maxRows ?? 20,
      // Spread row counts over the whole range (the default size keeps arrays near 10 elements).
      size: 'max',
      selector: (row) => primaryKey.map((k) => keyText(row[k] ?? null)).join('\u0000'),
    })
    return rows.map((r): FixtureTable => ({ name: options.name, columns, primaryKey, rows: r }))
  })
}

function keyText(value: FixtureValue): string {
  return typeof value === 'bigint' ? `${value}n` : JSON.stringify(value)
}
