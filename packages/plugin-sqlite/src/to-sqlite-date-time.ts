const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(:\d{2})?(?:\.(\d+))?)?(?:Z|[+-]00:?(?:00)?)?$/

/**
 * A date-time as SQLite stores it: ISO 8601 text `YYYY-MM-DDThh:mm:ss[.f]`, the fraction without trailing zeros,
 * no zone (core accepts only UTC for date-times without offset). SQLite compares date-times as text, so every value
 * Sluice writes or compares has this one form: `2024-01-01`, `2024-01-01 00:00` and `2024-01-01T00:00:00.000Z` are
 * the same instant and the same text. Anything else passes unchanged (core has validated it).
 */
export function toSqliteDateTime(text: string): string {
  const m = DATE_TIME.exec(text)
  if (m === null) return text
  const fraction = (m[4] ?? '').replace(/0+$/, '')
  return `${m[1]}T${m[2] ?? '00:00'}${m[3] ?? ':00'}${fraction === '' ? '' : `.${fraction}`}`
}
