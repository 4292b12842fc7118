import type { FixtureValue, NeutralType } from '../fixture.js'

/**
 * A non-null value reduced to something totally ordered within its category: numbers as integers scaled by 10^6
 * (int, bigint and decimal compare with each other), date and timestamp as fixed-width text (a date is midnight),
 * text by UTF-16 code units (= byte order for the suite's alphabet), booleans with false < true.
 */
export type ComparableValue =
  | { readonly category: 'number'; readonly value: bigint }
  | { readonly category: 'datetime'; readonly value: string }
  | { readonly category: 'text'; readonly value: string }
  | { readonly category: 'boolean'; readonly value: boolean }

export type ValueCategory = ComparableValue['category']

const SCALE_DIGITS = 6

/** The category values of `type` belong to; only values of one category are compared with each other. */
export function categoryOf(type: NeutralType): ValueCategory {
  switch (type) {
    case 'int':
    case 'bigint':
    case 'decimal':
      return 'number'
    case 'date':
    case 'timestamp':
      return 'datetime'
    case 'text':
      return 'text'
    case 'boolean':
      return 'boolean'
  }
}

/** A fixture value (or a literal's value read as text) of `type` as a comparable. */
export function toComparable(type: NeutralType, value: Exclude<FixtureValue, null>): ComparableValue {
  switch (categoryOf(type)) {
    case 'number':
      return { category: 'number', value: scaleDecimal(String(value)) }
    case 'datetime':
      return { category: 'datetime', value: canonicalDateTime(String(value)) }
    case 'text':
      return { category: 'text', value: String(value) }
    case 'boolean':
      return { category: 'boolean', value: value === true || value === 'true' }
  }
}

/** Negative, zero or positive as `a` sorts before, with or after `b` (same category). */
export function compareComparable(a: ComparableValue, b: ComparableValue): number {
  if (a.category !== b.category) throw new Error(`cannot compare a ${a.category} with a ${b.category}`)
  const x = a.value
  const y = b.value
  return x < y ? -1 : x > y ? 1 : 0
}

/** `-12.5` → -12500000n: decimal text (no exponent, at most 6 fraction digits) as an integer scaled by 10^6. */
function scaleDecimal(text: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text)
  if (m === null || (m[3] ?? '').length > SCALE_DIGITS) throw new Error(`the oracle cannot read the number '${text}'`)
  const magnitude = BigInt(m[2]!) * 10n ** BigInt(SCALE_DIGITS) + BigInt((m[3] ?? '').padEnd(SCALE_DIGITS, '0') || '0')
  return m[1] === '-' ? -magnitude : magnitude
}

/** `2000-01-02` → `2000-01-02T00:00:00.000000`; `2000-01-02T03:04:05.5` → `2000-01-02T03:04:05.500000`. */
function canonicalDateTime(text: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?$/.exec(text)
  if (m === null) throw new Error(`the oracle cannot read the date-time '${text}'`)
  return `${m[1]}T${m[2] ?? '00:00'}:${m[3] ?? '00'}.${(m[4] ?? '').padEnd(6, '0')}`
}
