import type { ScalarType } from '@sluice/core/protocol'
import type { Schema } from './openapi-types.js'

/**
 * The JSON a value of each scalar type has on the wire (REST writes database JSON: 64-bit integers and decimals as
 * numbers, binary as base64 text), as an OpenAPI 3.0 schema. `json`, `array` element and `unknown` values can be
 * any JSON, which an empty schema says.
 */
const SCHEMAS: Readonly<Record<ScalarType, Schema>> = {
  string: { type: 'string' },
  uuid: { type: 'string', format: 'uuid' },
  byte: { type: 'integer', format: 'int32' },
  short: { type: 'integer', format: 'int32' },
  int: { type: 'integer', format: 'int32' },
  long: { type: 'integer', format: 'int64' },
  single: { type: 'number', format: 'float' },
  float: { type: 'number', format: 'double' },
  decimal: { type: 'number' },
  boolean: { type: 'boolean' },
  date: { type: 'string', format: 'date' },
  datetime: { type: 'string', format: 'date-time' },
  datetimeoffset: { type: 'string', format: 'date-time' },
  time: { type: 'string', format: 'time' },
  bytes: { type: 'string', format: 'byte' },
  json: {},
  array: { type: 'array', items: {} },
  unknown: {},
}

export interface ScalarSchemaOptions {
  readonly nullable?: boolean
  readonly description?: string | undefined
  readonly maxLength?: number | undefined
}

/** The schema of one value of `type`; a fresh object each call, so callers may not share mutations. */
export function scalarSchema(type: ScalarType, options: ScalarSchemaOptions = {}): Schema {
  const base = SCHEMAS[type]
  const out: { -readonly [K in keyof Schema]: Schema[K] } = {}
  if (base.type !== undefined) out.type = base.type
  if (base.format !== undefined) out.format = base.format
  if (base.items !== undefined) out.items = base.items
  if (options.maxLength !== undefined && base.type === 'string' && base.format === undefined)
    out.maxLength = options.maxLength
  // `nullable` without `type` is meaningless in OpenAPI 3.0: an empty schema already admits null.
  if (options.nullable === true && base.type !== undefined) out.nullable = true
  if (options.description !== undefined) out.description = options.description
  return out
}
