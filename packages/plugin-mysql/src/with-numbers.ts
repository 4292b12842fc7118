/** mysql2 column types whose values arrive as text to keep their digits: DECIMAL, NEWDECIMAL, BIGINT. */
const DECIMAL_TYPES = new Set([0, 246])
const BIGINT_TYPE = 8
const TINY_TYPE = 1

/**
 * A procedure's rows with 64-bit integers as `bigint`, decimals as numbers where the number prints back to the same
 * digits (else they stay text), and TINYINT(1) as booleans: core writes them as the server's own JSON would.
 */
export function withNumbers(rows: Record<string, unknown>[], fields: unknown): Record<string, unknown>[] {
  if (!Array.isArray(fields)) return rows
  const typed = fields as { name: string; columnType?: number; columnLength?: number }[]
  const converted = typed.filter((f) => f.columnType === BIGINT_TYPE || DECIMAL_TYPES.has(f.columnType ?? -1))
  // TINYINT(1) is the family's BOOLEAN (as the introspector maps it).
  const booleans = typed.filter((f) => f.columnType === TINY_TYPE && f.columnLength === 1)
  if (converted.length === 0 && booleans.length === 0) return rows
  for (const row of rows) {
    for (const field of converted) {
      const value = row[field.name]
      if (typeof value !== 'string') continue
      row[field.name] = field.columnType === BIGINT_TYPE && /^-?\d+$/.test(value) ? BigInt(value) : exactNumber(value)
    }
    for (const field of booleans) {
      const value = row[field.name]
      if (typeof value === 'number') row[field.name] = value !== 0
    }
  }
  return rows
}

/** `12.50` → 12.5; text whose digits a double cannot hold stays text. */
function exactNumber(text: string): number | string {
  const n = Number(text)
  const canonical = text
    .replace(/^(-?)0+(?=\d)/, '$1')
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '')
  return Number.isFinite(n) && String(n) === (canonical === '-0' ? '0' : canonical) ? n : text
}
