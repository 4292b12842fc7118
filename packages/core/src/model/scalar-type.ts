/**
 * Database-independent kinds of column values. Introspectors map their engine's types onto these; request
 * coercion, filters, cursors and later the GraphQL scalars work from them alone. The names follow Data API
 * builder's GraphQL scalars (byte = tinyint, short = smallint, long = bigint, single = real …).
 */
export type ScalarType =
  | 'string' | 'uuid'
  | 'byte' | 'short' | 'int' | 'long'
  | 'single' | 'float' | 'decimal'
  | 'boolean'
  | 'date' | 'datetime' | 'datetimeoffset' | 'time'
  | 'bytes' | 'json' | 'array'
  | 'unknown'

export const SCALAR_TYPES: readonly ScalarType[] = [
  'string', 'uuid', 'byte', 'short', 'int', 'long', 'single', 'float', 'decimal', 'boolean',
  'date', 'datetime', 'datetimeoffset', 'time', 'bytes', 'json', 'array', 'unknown',
]

/** Types whose values have a total order usable in range comparisons and sorting. */
export function isOrderedType(type: ScalarType): boolean {
  return type !== 'json' && type !== 'array' && type !== 'bytes' && type !== 'unknown'
}

export function isNumericType(type: ScalarType): boolean {
  return type === 'byte' || type === 'short' || type === 'int' || type === 'long' || type === 'single' || type === 'float' || type === 'decimal'
}
