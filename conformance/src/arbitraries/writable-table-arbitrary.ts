import * as fc from 'fast-check'
import {
  NEUTRAL_TYPES,
  type FixtureColumn,
  type FixtureRow,
  type FixtureTable,
  type FixtureValue,
  type NeutralType,
} from '../fixture.js'
import { isAddressableKeyValue } from '../rest/key-path.js'
import { createColumnCellArbitrary, createColumnValueArbitrary } from './column-value-arbitrary.js'
import { COLUMN_NAMES, KEY_TYPES } from './fixture-table-arbitrary.js'

export interface GeneratedKeyTableArbitraryOptions {
  readonly name: string
  /** Default 6. */
  readonly maxRows?: number
  /** Columns outside the key: 1 to this (default 4). */
  readonly maxOtherColumns?: number
  /** Whether the identity may follow a chosen key part (default true); false keeps it a single-column key. */
  readonly compositeKey?: boolean
}

/**
 * Random tables whose key the database generates: an identity column (`int` or `bigint`, `generated: true`),
 * sometimes after a key part the caller chooses (a composite key such as Data API builder's sample `Review`,
 * `book_id` + generated `id`; never when `compositeKey` is false), and other columns of any neutral type, nullable or
 * not. The rows number their identity 1, 2, 3… as a database would have.
 */
export function createGeneratedKeyTableArbitrary(
  options: GeneratedKeyTableArbitraryOptions,
): fc.Arbitrary<FixtureTable> {
  const shape = fc
    .tuple(
      options.compositeKey === false
        ? fc.constant(undefined)
        : fc.option(fc.constantFrom(...KEY_TYPES), { nil: undefined, freq: 3 }),
      fc.constantFrom<NeutralType>('int', 'bigint'),
      fc.array(fc.tuple(fc.constantFrom(...NEUTRAL_TYPES), fc.boolean()), {
        minLength: 1,
        maxLength: options.maxOtherColumns ?? 4,
      }),
    )
    .chain(([partType, idType, otherTypes]) => {
      const count = (partType === undefined ? 1 : 2) + otherTypes.length
      return fc.shuffledSubarray([...COLUMN_NAMES], { minLength: count, maxLength: count }).map((names) => {
        const key: FixtureColumn[] = []
        if (partType !== undefined) key.push({ name: names[0]!, type: partType, nullable: false })
        key.push({ name: names[key.length]!, type: idType, nullable: false, generated: true })
        const others = otherTypes.map(([type, nullable], i): FixtureColumn => ({
          name: names[key.length + i]!,
          type,
          nullable,
        }))
        return { key, others }
      })
    })
  return shape.chain(({ key, others }) => {
    const columns = [...key, ...others]
    const id = key[key.length - 1]!
    const cells = Object.fromEntries(
      columns
        .filter((c) => c !== id)
        .map((c) => [c.name, createColumnCellArbitrary(c.type, c.nullable, { forKey: c !== id && key.includes(c) })]),
    )
    return fc.array(fc.record(cells), { maxLength: options.maxRows ?? 6 }).map((rows): FixtureTable => ({
      name: options.name,
      columns,
      primaryKey: key.map((c) => c.name),
      rows: rows.map((row, i): FixtureRow => ({ ...row, [id.name]: id.type === 'int' ? i + 1 : BigInt(i + 1) })),
    }))
  })
}

/** Key values a REST path can carry (see `isAddressableKeyValue`), from the fixture's key domain. */
export function createAddressableKeyValueArbitrary(column: FixtureColumn): fc.Arbitrary<Exclude<FixtureValue, null>> {
  if (column.generated === true) {
    // Mostly identities a table of a few rows has (or is about to have), sometimes far away ones.
    const n = fc.oneof(
      { arbitrary: fc.integer({ min: 1, max: 12 }), weight: 4 },
      { arbitrary: fc.integer({ min: -3, max: 2_000_000_000 }), weight: 1 },
    )
    return column.type === 'int' ? n : n.map(BigInt)
  }
  return createColumnValueArbitrary(column.type, { forKey: true }).filter(isAddressableKeyValue)
}
