import type { FixtureColumn, FixtureValue } from '../fixture.js'

/** One field of a JSON body: the column, its fixture value, and whether a number goes as a JSON string. */
export interface BodyField {
  readonly column: FixtureColumn
  readonly value: FixtureValue
  /** `int`, `bigint` and `decimal` only: send `"12"` instead of `12` (SPEC accepts numeric text for numbers). */
  readonly asString?: boolean
}

/**
 * A JSON object text with the fields in the given order. Numbers are written as exact literals (a `decimal` as its
 * digits, `-12.50`; a 64-bit integer as all its digits, never rounded through a double), or as JSON strings when
 * `asString` asks for it.
 */
export function encodeJsonBody(fields: readonly BodyField[]): string {
  return `{${fields.map((f) => `${JSON.stringify(f.column.name)}:${encodeJsonValue(f.column, f.value, f.asString === true)}`).join(',')}}`
}

/** One value as JSON text for a column of `column.type` (see `encodeJsonBody`). */
export function encodeJsonValue(column: FixtureColumn, value: FixtureValue, asString = false): string {
  if (value === null) return 'null'
  switch (column.type) {
    case 'int':
    case 'bigint':
    case 'decimal':
      return asString ? JSON.stringify(String(value)) : String(value)
    case 'boolean':
      return String(value)
    case 'text':
    case 'date':
    case 'timestamp':
      return JSON.stringify(String(value))
  }
}

/** Whether a 64-bit integer survives `JSON.parse` as a `number` (a client's JSON library may not keep more). */
export function isSafeJsonInteger(value: bigint): boolean {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
}
