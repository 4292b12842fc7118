import { findFixtureColumn, type FixtureTable, type NeutralType } from '../fixture.js'

/**
 * A record as plain JSON values that compare equal exactly when the values are equal, whether it comes from the
 * fixture or from a response: 64-bit integers as exact decimal text (from a `bigint`, a safe-integer number, or
 * digits), decimals as numbers (10 significant digits are exact; they may also arrive as numeric text), dates as
 * `YYYY-MM-DD`, timestamps as `YYYY-MM-DDThh:mm:ss[.f]` without trailing fraction zeros.
 * `fields` picks and orders the fields (default: every column). A value that does not fit its type is kept as
 * `{ unexpected: value }`, so it can never equal a well-formed one.
 */
export function normalizeRow(
  table: FixtureTable,
  row: Readonly<Record<string, unknown>>,
  fields?: readonly string[],
): Record<string, unknown> {
  const names = fields ?? table.columns.map((c) => c.name)
  const out: Record<string, unknown> = {}
  for (const name of names) out[name] = normalizeValue(findFixtureColumn(table, name).type, row[name])
  return out
}

function normalizeValue(type: NeutralType, value: unknown): unknown {
  if (value === null) return null
  switch (type) {
    case 'int':
      return typeof value === 'number' && Number.isSafeInteger(value) ? value : { unexpected: value }
    case 'bigint':
      return typeof value === 'bigint' ||
        (typeof value === 'number' && Number.isSafeInteger(value)) ||
        (typeof value === 'string' && /^-?\d+$/.test(value))
        ? BigInt(value).toString()
        : { unexpected: value }
    case 'decimal':
      return typeof value === 'number' ||
        typeof value === 'bigint' ||
        (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value))
        ? Number(value)
        : { unexpected: value }
    case 'text':
      return typeof value === 'string' ? value : { unexpected: value }
    case 'boolean':
      return typeof value === 'boolean' ? value : { unexpected: value }
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : { unexpected: value }
    case 'timestamp': {
      const m =
        typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d+))?$/.exec(value) : null
      if (m === null) return { unexpected: value }
      const fraction = (m[3] ?? '').replace(/0+$/, '')
      return `${m[1]}T${m[2]}${fraction === '' ? '' : `.${fraction}`}`
    }
  }
}
