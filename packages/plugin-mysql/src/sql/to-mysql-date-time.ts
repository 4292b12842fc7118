/**
 * `2020-01-02T03:04:05.1234567Z` → `2020-01-02 03:04:05.123456`: MySQL keeps at most 6 fraction digits, and MariaDB
 * reads no zone designator (core admits only UTC for columns without a zone, so dropping `Z`/`+00:00` is exact).
 */
export function toMysqlDateTime(text: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?)?(Z|[+-]00:?(?:00)?)?$/.exec(text)
  if (m === null) return text
  if (m[2] === undefined) return m[1]!
  const fraction = m[3] === undefined ? '' : `.${m[3].slice(0, 6)}`
  return `${m[1]} ${m[2]}${fraction}`
}
