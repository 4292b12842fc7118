/**
 * Database-independent kinds of column values. Introspectors map their engine's types onto these; request
 * coercion, filters, cursors and later the GraphQL scalars work from them alone. The names follow Data API
 * builder's GraphQL scalars (byte = tinyint, short = smallint, long = bigint, single = real …).
 */
export type ScalarType =
  | 'string'
  | 'uuid'
  | 'byte'
  | 'short'
  | 'int'
  | 'long'
  | 'single'
  | 'float'
  | 'decimal'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'datetimeoffset'
  | 'time'
  | 'bytes'
  | 'json'
  | 'array'
  | 'unknown'

export const SCALAR_TYPES: readonly ScalarType[] = [
  'string',
  'uuid',
  'byte',
  'short',
  'int',
  'long',
  'single',
  'float',
  'decimal',
  'boolean',
  'date',
  'datetime',
  'datetimeoffset',
  'time',
  'bytes',
  'json',
  'array',
  'unknown',
]

/** Types whose values have a total order usable in range comparisons and sorting. */
export function isOrderedType(type: ScalarType): boolean {
  return type !== 'json' && type !== 'array' && type !== 'bytes' && type !== 'unknown'
}

/**
 * Values whose JSON form converts back to the same value: what a dialect may leave for core to read from a record's
 * JSON (cursor values). 64-bit integers and decimals are excluded: a JavaScript number loses their digits.
 */
export function hasExactJsonForm(type: ScalarType): boolean {
  return isOrderedType(type) && type !== 'long' && type !== 'decimal'
}

export function isNumericType(type: ScalarType): boolean {
  return (
    type === 'byte' ||
    type === 'short' ||
    type === 'int' ||
    type === 'long' ||
    type === 'single' ||
    type === 'float' ||
    type === 'decimal'
  )
}
