import type { PlanParameter, ScalarType } from '@sluice/core/dialect'
import type { TYPES } from 'tedious'
import { tedious } from './load-tedious.js'

/** tedious's data types (loading tedious on first use). */
const types = (): typeof TYPES => tedious().TYPES

/** A parameter as tedious's `Request.addParameter` takes it. */
export interface TediousParameter {
  readonly type: (typeof TYPES)[keyof typeof TYPES]
  readonly value: unknown
  readonly options?: { readonly precision?: number; readonly scale?: number; readonly length?: number }
}

/** A Date as tedious writes datetime2/time values: `nanosecondDelta` carries the digits below a millisecond. */
type PreciseDate = Date & { nanosecondDelta?: number }

const DATE_TIME =
  /^(\d{4,})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/
/** Digits a double carries exactly: tedious encodes Decimal parameters through a JavaScript number. */
const EXACT_DIGITS = 15
const DECIMAL_PRECISION = 19

/**
 * The typed tedious parameter for a value. Plan parameters (the compiler passes them through) carry their scalar
 * type: 64-bit integers as BigInt from their text, decimals as Decimal(19, scale of the value)
 * (NVarChar, converted exactly by the server, past 15 digits), dates and times as Date/DateTime2(7)/
 * DateTimeOffset(7)/Time(7) with sub-millisecond digits kept, bytes as VarBinary, uuids as UniqueIdentifier. Values
 * arrive as core coerced them, or as text (cursor values), and both forms convert. Plain values (catalog queries)
 * are typed by their JavaScript type.
 */
export function toTediousParameter(parameter: unknown): TediousParameter {
  if (isPlanParameter(parameter)) return fromScalar(parameter.type, parameter.value)
  return fromPlain(parameter)
}

function isPlanParameter(value: unknown): value is PlanParameter {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Uint8Array) &&
    !(value instanceof Date) &&
    'type' in value &&
    'value' in value &&
    typeof (value as { type: unknown }).type === 'string'
  )
}

function fromScalar(type: ScalarType, value: unknown): TediousParameter {
  if (value === null || value === undefined) return { type: nullTypesOf()[type] ?? types().NVarChar, value: null }
  switch (type) {
    case 'byte':
      return { type: types().TinyInt, value: Number(value) }
    case 'short':
      return { type: types().SmallInt, value: Number(value) }
    case 'int':
      return { type: types().Int, value: Number(value) }
    case 'long':
      return { type: types().BigInt, value: typeof value === 'bigint' ? value : String(value) }
    case 'single':
      return { type: types().Real, value: Number(value) }
    case 'float':
      return { type: types().Float, value: Number(value) }
    case 'decimal':
      return decimal(String(value))
    case 'boolean':
      return { type: types().Bit, value: value === true || value === 1 || value === '1' || value === 'true' }
    case 'uuid':
      return { type: types().UniqueIdentifier, value: String(value) }
    case 'date':
      return { type: types().Date, value: parseDateTime(String(value)) }
    case 'datetime':
      return { type: types().DateTime2, value: parseDateTime(String(value)), options: { scale: 7 } }
    case 'datetimeoffset':
      return { type: types().DateTimeOffset, value: parseDateTime(String(value)), options: { scale: 7 } }
    case 'time':
      return { type: types().Time, value: parseTime(String(value)), options: { scale: 7 } }
    case 'bytes':
      return { type: types().VarBinary, value: toBuffer(value) }
    default:
      return { type: types().NVarChar, value: typeof value === 'string' ? value : JSON.stringify(value) }
  }
}

let nullTypes: Partial<Record<ScalarType, TediousParameter['type']>> | undefined
const nullTypesOf = (): Partial<Record<ScalarType, TediousParameter['type']>> =>
  (nullTypes ??= {
    byte: types().TinyInt,
    short: types().SmallInt,
    int: types().Int,
    long: types().BigInt,
    single: types().Real,
    float: types().Float,
    boolean: types().Bit,
    uuid: types().UniqueIdentifier,
    date: types().Date,
    datetime: types().DateTime2,
    datetimeoffset: types().DateTimeOffset,
    time: types().Time,
    bytes: types().VarBinary,
  })

function fromPlain(value: unknown): TediousParameter {
  if (value === null || value === undefined) return { type: types().NVarChar, value: null }
  if (typeof value === 'string') return { type: types().NVarChar, value }
  if (typeof value === 'boolean') return { type: types().Bit, value }
  if (typeof value === 'bigint') return { type: types().BigInt, value }
  if (typeof value === 'number')
    return Number.isInteger(value) && Math.abs(value) <= 2 ** 31 - 1
      ? { type: types().Int, value }
      : { type: types().Float, value }
  if (value instanceof Date) return { type: types().DateTime2, value, options: { scale: 7 } }
  if (value instanceof Uint8Array) return { type: types().VarBinary, value: toBuffer(value) }
  return { type: types().NVarChar, value: JSON.stringify(value) }
}

/** Decimal text as Decimal(19, s) when a double holds it exactly; otherwise as text for the server to convert. */
function decimal(text: string): TediousParameter {
  const m = DECIMAL.exec(text.trim())
  if (m === null || (m[2] === '' && (m[3] ?? '') === '')) return { type: types().NVarChar, value: text }
  const integer = m[2]!.replace(/^0+(?=\d)/, '')
  const fraction = m[3] ?? ''
  const digits = `${integer}${fraction}`.replace(/^0+/, '').length
  if (digits > EXACT_DIGITS || integer.replace(/^0$/, '').length + fraction.length > EXACT_DIGITS)
    return { type: types().NVarChar, value: text }
  // Precision 19 for every value (any 15 digits fit, tedious then writes 8 bytes): only the scale varies, so
  // sp_executesql sees few distinct declarations and SQL Server caches few plans per statement.
  return { type: types().Decimal, value: text, options: { precision: DECIMAL_PRECISION, scale: fraction.length } }
}

/**
 * `YYYY-MM-DD[Thh:mm[:ss[.fffffff]]][Z|±hh:mm]` (or a space for `T`, as SQL Server's style 121 writes) as an
 * instant: milliseconds in the Date, digits 4–7 of the fraction in `nanosecondDelta` (seconds).
 */
function parseDateTime(text: string): PreciseDate {
  const m = DATE_TIME.exec(text.trim())
  if (m === null) throw Object.assign(new Error(`'${text}' is not an ISO 8601 date-time`), { code: 'EPARAM' })
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone] = m
  const date: PreciseDate = new Date(0)
  date.setUTCFullYear(Number(y), Number(mo) - 1, Number(d))
  date.setUTCHours(Number(h), Number(mi), Number(s), Number(fraction.padEnd(3, '0').slice(0, 3)))
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1
    const digits = zone.slice(1).replace(':', '')
    const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0')
    date.setTime(date.getTime() - sign * minutes * 60_000)
  }
  date.nanosecondDelta = subMillisecond(fraction)
  return date
}

function parseTime(text: string): PreciseDate {
  const m = TIME.exec(text.trim())
  if (m === null) throw Object.assign(new Error(`'${text}' is not a time (hh:mm:ss)`), { code: 'EPARAM' })
  const [, h, mi, s = '0', fraction = ''] = m
  const date: PreciseDate = new Date(
    Date.UTC(1970, 0, 1, Number(h), Number(mi), Number(s), Number(fraction.padEnd(3, '0').slice(0, 3))),
  )
  date.nanosecondDelta = subMillisecond(fraction)
  return date
}

/** Fraction digits 4 to 7 (SQL Server keeps 100 ns) as seconds. */
function subMillisecond(fraction: string): number {
  return Number(fraction.padEnd(7, '0').slice(3, 7)) / 1e7
}

function toBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength)
  return Buffer.from(String(value), 'base64')
}
