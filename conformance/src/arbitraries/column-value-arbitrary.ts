import * as fc from 'fast-check'
import type { FixtureValue, NeutralType } from '../fixture.js'

/**
 * Characters of generated text: LIKE wildcards, the escape character, a quote and a space among letters of both
 * cases and one non-ASCII letter (below U+D800, so UTF-8 byte order, code point order and UTF-16 order agree).
 */
export const TEXT_ALPHABET: readonly string[] = Object.freeze(['a', 'b', 'B', 'é', '%', '_', "'", ' ', '\\'])

const INT32 = { min: -2147483648, max: 2147483647 }
const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n }
const MAX_CENTS = 9_999_999_999 // decimal(10,2)

/**
 * Short text over {@link TEXT_ALPHABET}, never starting or ending with a space (engines differ on trailing-space
 * comparison); small enough that equal values and matches are common.
 */
export const textArbitrary: fc.Arbitrary<string> = fc
  .string({ unit: fc.constantFrom(...TEXT_ALPHABET), maxLength: 4 })
  .map((s) => s.replace(/^ +| +$/g, ''))

const dateArbitrary: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom('1999-12-31', '2000-01-01', '2000-02-29', '2024-06-15'), weight: 3 },
  { arbitrary: calendarInstant().map((iso) => iso.slice(0, 10)), weight: 1 },
)

const timestampArbitrary: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      '2000-01-01T00:00:00',
      '2000-01-01T12:30:00',
      '1999-12-31T23:59:59.5',
      '2000-02-29T00:00:00.000001',
    ),
    weight: 3,
  },
  { arbitrary: dateArbitrary.map((d) => `${d}T00:00:00`), weight: 1 },
  {
    arbitrary: calendarInstant().map((iso) => (iso.endsWith('.000Z') ? iso.slice(0, 19) : iso.slice(0, 23))),
    weight: 1,
  },
)

/**
 * Non-null values of a neutral type, in the fixture's representation: mostly from a small domain (so duplicates,
 * equal comparisons and ties are common, negative numbers included), sometimes extremes or anything in range.
 * `forKey` widens the small domain so that unique keys are easy to find.
 */
export function createColumnValueArbitrary(
  type: NeutralType,
  options: { readonly forKey?: boolean } = {},
): fc.Arbitrary<Exclude<FixtureValue, null>> {
  const small = options.forKey === true ? 40 : 3
  switch (type) {
    case 'int':
      return fc.oneof(
        { arbitrary: fc.integer({ min: -small, max: small }), weight: 6 },
        { arbitrary: fc.constantFrom(INT32.min, INT32.max, -1000, 1000), weight: 1 },
        { arbitrary: fc.integer(INT32), weight: 1 },
      )
    case 'bigint':
      return fc.oneof(
        { arbitrary: fc.bigInt({ min: BigInt(-small), max: BigInt(small) }), weight: 6 },
        { arbitrary: fc.constantFrom(INT64.min, INT64.max, 2n ** 53n + 1n, -(2n ** 31n)), weight: 1 },
        { arbitrary: fc.bigInt(INT64), weight: 1 },
      )
    case 'decimal':
      return fc
        .oneof(
          { arbitrary: fc.integer({ min: -small * 100, max: small * 100 }).map((c) => c - (c % 25)), weight: 6 },
          { arbitrary: fc.constantFrom(-MAX_CENTS, MAX_CENTS, 1, -1), weight: 1 },
          { arbitrary: fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }), weight: 1 },
        )
        .map(formatCents)
    case 'text':
      return options.forKey === true
        ? fc.string({ unit: fc.constantFrom(...TEXT_ALPHABET), maxLength: 6 }).map((s) => s.replace(/^ +| +$/g, ''))
        : textArbitrary
    case 'boolean':
      return fc.boolean()
    case 'date':
      return dateArbitrary
    case 'timestamp':
      return timestampArbitrary
  }
}

/** Values of a column: non-null values, and NULL about one time in five when the column is nullable. */
export function createColumnCellArbitrary(
  type: NeutralType,
  nullable: boolean,
  options: { readonly forKey?: boolean } = {},
): fc.Arbitrary<FixtureValue> {
  const value = createColumnValueArbitrary(type, options)
  return nullable ? fc.option(value, { nil: null, freq: 5 }) : value
}

/** `-1250` → `'-12.50'`. */
function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** ISO instants between 1900 and 2100, with milliseconds. */
function calendarInstant(): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59.999Z'), noInvalidDate: true })
    .map((d) => d.toISOString())
}
