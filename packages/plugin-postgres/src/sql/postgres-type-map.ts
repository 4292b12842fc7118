import type { ScalarType } from '@sluice/core/dialect'

/**
 * PostgreSQL base types by their catalog name (`pg_type.typname`) and by the SQL-standard spellings `format_type`
 * prints, so both catalog rows and declared parameter types map.
 */
const BY_NAME: Readonly<Record<string, ScalarType>> = {
  int2: 'short',
  smallint: 'short',
  int4: 'int',
  integer: 'int',
  int: 'int',
  int8: 'long',
  bigint: 'long',
  float4: 'single',
  real: 'single',
  float8: 'float',
  'double precision': 'float',
  numeric: 'decimal',
  decimal: 'decimal',
  money: 'decimal',
  bool: 'boolean',
  boolean: 'boolean',
  text: 'string',
  varchar: 'string',
  'character varying': 'string',
  bpchar: 'string',
  character: 'string',
  char: 'string',
  name: 'string',
  citext: 'string',
  xml: 'string',
  inet: 'string',
  cidr: 'string',
  macaddr: 'string',
  interval: 'string',
  uuid: 'uuid',
  date: 'date',
  timestamp: 'datetime',
  'timestamp without time zone': 'datetime',
  timestamptz: 'datetimeoffset',
  'timestamp with time zone': 'datetimeoffset',
  time: 'time',
  'time without time zone': 'time',
  timetz: 'time',
  'time with time zone': 'time',
  bytea: 'bytes',
  json: 'json',
  jsonb: 'json',
}

/**
 * Maps a PostgreSQL type to Sluice's scalar type. `typeName` is the base type's catalog name (`int4`, `_int4` for
 * its array) or a declared spelling (`integer`, `character varying(20)`, `text[]`); `typeCategory` is
 * `pg_type.typcategory` when known (`A` array, `E` enum). Domains must be resolved to their base type by the
 * caller. Enums map to `string`, every array to `array`, anything not listed to `unknown`.
 */
export function mapPostgresType(typeName: string, typeCategory?: string): ScalarType {
  if (typeCategory === 'A') return 'array'
  if (typeCategory === 'E') return 'string'
  const name = typeName.trim().toLowerCase()
  if (name.endsWith('[]') || (name.startsWith('_') && BY_NAME[name.slice(1)] !== undefined)) return 'array'
  const bare = name
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/^pg_catalog\./, '')
    .replace(/^"(.*)"$/, '$1')
  return BY_NAME[bare] ?? 'unknown'
}
