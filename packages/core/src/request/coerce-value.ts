import type { ScalarType } from '../model/scalar-type.js'
import type { LiteralOperand } from '../filter/filter-node.js'
import { exceedsDepth } from '../util/exceeds-depth.js'

export type CoercionResult =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly expected: string }

/** How the value was written: a REST path segment or JSON value is `any`; a `$filter` literal knows its syntax. */
export type ValueOrigin = LiteralOperand['literalType']

/** How deep a JSON column value may nest (arrays and objects). */
const MAX_JSON_DEPTH = 100
const INTEGER = /^-?\d+$/
const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?(Z|[+-](\d{2})(?::?(\d{2}))?)?$/
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?$/
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

const INT_RANGES: Partial<Record<ScalarType, readonly [bigint, bigint]>> = {
  byte: [0n, 255n],
  short: [-32768n, 32767n],
  int: [-2147483648n, 2147483647n],
  long: [-9223372036854775808n, 9223372036854775807n],
}
/** The same ranges as numbers, for safe integers (V8 compares a number with a bigint on a slow path). */
const SAFE_INT_RANGES: Partial<Record<ScalarType, readonly [number, number]>> = {
  byte: [0, 255],
  short: [-32768, 32767],
  int: [-2147483648, 2147483647],
  long: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
}

const EXPECTED: Record<ScalarType, string> = {
  string: 'a string',
  uuid: 'a UUID',
  byte: 'an integer from 0 to 255',
  short: 'an integer from -32768 to 32767',
  int: 'an integer from -2147483648 to 2147483647',
  long: 'a 64-bit integer',
  single: 'a number',
  float: 'a number',
  decimal: 'a decimal number',
  boolean: 'true or false',
  date: 'a date (YYYY-MM-DD)',
  datetime: 'a date-time without offset (YYYY-MM-DDThh:mm:ss; Z or +00:00 is accepted as UTC)',
  datetimeoffset: 'a date-time with offset (YYYY-MM-DDThh:mm:ss+hh:mm)',
  time: 'a time (hh:mm:ss)',
  bytes: 'base64 text',
  json: 'a JSON value',
  array: 'an array',
  unknown: 'a value',
}

/**
 * Coerces a value received from a protocol to the representation Sluice binds for a column of `type`: numbers for
 * small integers and floats, strings for 64-bit integers, decimals, dates and times (no precision or time-zone
 * loss), booleans, Uint8Array for bytes. Rejects anything the column could not hold, before any SQL runs.
 */
export function coerceValue(type: ScalarType, raw: unknown, origin: ValueOrigin = 'any'): CoercionResult {
  const fail = FAILED[type]
  if (raw === null || raw === undefined) return fail
  switch (type) {
    case 'string':
      return typeof raw === 'string' && (origin === 'any' || origin === 'string') ? ok(raw) : fail
    case 'uuid': {
      const text = textOf(raw, origin, ['string', 'guid'])
      return text !== undefined && UUID.test(text) ? ok(text.toLowerCase()) : fail
    }
    case 'byte':
    case 'short':
    case 'int':
    case 'long':
      return coerceInteger(type, raw, origin) ?? fail
    case 'single':
    case 'float': {
      // A JSON body's numbers arrive as numbers: a finite one is the value (every write of such a column).
      if (typeof raw === 'number') return Number.isFinite(raw) ? ok(raw === 0 ? 0 : raw) : fail // -0 reads as 0, as its text does
      const text = numericText(raw, origin)
      if (text === undefined || !DECIMAL.test(text)) return fail
      const n = Number(text)
      return Number.isFinite(n) ? ok(n) : fail
    }
    case 'decimal': {
      const text = numericText(raw, origin)
      return text !== undefined && DECIMAL.test(text) && Number.isFinite(Number(text)) ? ok(text) : fail
    }
    case 'boolean':
      if (typeof raw === 'boolean') return ok(raw)
      if (origin === 'any' && (raw === 'true' || raw === 'false')) return ok(raw === 'true')
      return fail
    case 'date': {
      const text = textOf(raw, origin, ['string', 'date'])
      const m = text === undefined ? null : DATE.exec(text)
      return m && isCalendarDate(m[1]!, m[2]!, m[3]!) ? ok(text) : fail
    }
    case 'datetime':
    case 'datetimeoffset': {
      const text = textOf(raw, origin, ['string', 'date', 'datetime'])
      const m = text === undefined ? null : DATETIME.exec(text)
      if (!m || !isCalendarDate(m[1]!, m[2]!, m[3]!) || !isClock(m[4], m[5], m[6])) return fail
      const zone = m[7]
      if (zone === undefined || zone === 'Z') return ok(text)
      const hours = Number(m[8])
      const minutes = Number(m[9] ?? '0')
      if (hours > 14 || minutes > 59) return fail
      // A column without time zone has no offset to compare with: only UTC (+00:00) has a meaning there.
      if (type === 'datetime' && (hours !== 0 || minutes !== 0)) return fail
      return ok(text)
    }
    case 'time': {
      const text = textOf(raw, origin, ['string', 'time'])
      const m = text === undefined ? null : TIME.exec(text)
      return m && isClock(m[1], m[2], m[3]) ? ok(text) : fail
    }
    case 'bytes':
      return typeof raw === 'string' && (origin === 'any' || origin === 'string') && BASE64.test(raw)
        ? ok(Uint8Array.from(Buffer.from(raw, 'base64')))
        : fail
    case 'json':
      // Deeper values would overflow the stack of JSON.stringify; no stored document needs more.
      if (origin !== 'any') return fail
      return exceedsDepth(raw, MAX_JSON_DEPTH)
        ? { ok: false, expected: `JSON nested at most ${MAX_JSON_DEPTH} levels deep` }
        : ok(stringifyExact(raw))
    case 'array':
    case 'unknown':
      return fail
  }
}

/**
 * JSON text of a value that may hold `bigint`s (integers beyond 2^53 from an exact body parser), written as exact
 * JSON numbers. Each bigint goes through a marker string that JSON text from user strings cannot produce unescaped.
 */
export function stringifyExact(value: unknown): string {
  let big = false
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== 'bigint') return v
    big = true
    return `\u0000bigint:${v.toString()}`
  })
  return big ? text.replace(/"\\u0000bigint:(-?\d+)"/g, '$1') : text
}

/** Each type's failure, made once: a coercion that fails allocates nothing. */
const FAILED = Object.fromEntries(
  Object.entries(EXPECTED).map(([type, expected]) => [type, Object.freeze({ ok: false, expected })]),
) as Record<ScalarType, CoercionResult>

function ok(value: unknown): CoercionResult {
  return { ok: true, value }
}

function textOf(raw: unknown, origin: ValueOrigin, allowed: readonly ValueOrigin[]): string | undefined {
  return typeof raw === 'string' && (origin === 'any' || allowed.includes(origin)) ? raw : undefined
}

function numericText(raw: unknown, origin: ValueOrigin): string | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? String(raw) : undefined
  if (typeof raw === 'bigint') return raw.toString()
  if (typeof raw === 'string' && (origin === 'any' || origin === 'number')) return raw.trim() === raw ? raw : undefined
  return undefined
}

function coerceInteger(type: ScalarType, raw: unknown, origin: ValueOrigin): CoercionResult | undefined {
  // A JSON body's integers arrive as safe numbers: range-checked as numbers, without text or BigInt (every write).
  if (typeof raw === 'number' && Number.isSafeInteger(raw)) {
    const [min, max] = SAFE_INT_RANGES[type]!
    if (raw < min || raw > max) return undefined
    const n = raw === 0 ? 0 : raw // -0 reads as 0, as its text does
    return ok(type === 'long' ? String(n) : n)
  }
  const text = numericText(raw, origin)
  if (text === undefined || !INTEGER.test(text)) return undefined
  const n = BigInt(text)
  const [min, max] = INT_RANGES[type]!
  if (n < min || n > max) return undefined
  return ok(type === 'long' ? n.toString() : Number(n))
}

function isCalendarDate(y: string, m: string, d: string): boolean {
  const month = Number(m)
  const day = Number(d)
  if (month < 1 || month > 12 || day < 1) return false
  const year = Number(y)
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31
  return day <= days && year >= 1
}

function isClock(h: string | undefined, m: string | undefined, s: string | undefined): boolean {
  if (h === undefined) return true
  return Number(h) <= 23 && Number(m) <= 59 && (s === undefined || Number(s) <= 59)
}
