import pg from 'pg'
import type { PostgresTypeParsers } from './postgres-driver-config.js'

/** Types returned as their PostgreSQL text: no `Date` conversion (no time-zone shifts), no precision loss. */
const TEXT_TYPES = new Set([
  20, // int8
  1700, // numeric
  1082, // date
  1083, // time
  1114, // timestamp
  1184, // timestamptz
  1186, // interval (pg would make an object; PGlite and the `string` scalar keep text)
  1266, // timetz
])
/** Arrays of the types above, parsed element-wise as text. */
const TEXT_ARRAY_TYPES = new Set([1016, 1231, 1182, 1183, 1115, 1185, 1187, 1270])

const keepText = (value: string): string => value
const getPgTypeParser = pg.types.getTypeParser as (oid: number, format?: string) => (value: string) => unknown
const parseTextArray = getPgTypeParser(1009, 'text') // text[]

/** `pg` type parsing with dates, times, int8 and numeric kept as strings; other types as `pg` parses them. */
export const POSTGRES_TYPE_PARSERS: PostgresTypeParsers = {
  getTypeParser(oid: number, format?: string) {
    if (format !== 'binary') {
      if (TEXT_TYPES.has(oid)) return keepText
      if (TEXT_ARRAY_TYPES.has(oid)) return parseTextArray
    }
    return getPgTypeParser(oid, format)
  },
}
