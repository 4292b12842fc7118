import type { ScalarType } from '../model/scalar-type.js'
import type { ExecutePlan } from '../plan/execute-plan.js'
import { invariant } from '../util/invariant.js'
import type { PageResultSet } from './result-set.js'

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/
const NUMERIC_TYPES: ReadonlySet<ScalarType> = new Set(['byte', 'short', 'int', 'long', 'single', 'float', 'decimal'])

/**
 * What a procedure call returned, as one page without more (SPEC: no paging for procedures). With `json` the
 * statement built the array itself (one row, `data`); with `rows` the first result set's rows arrive as the driver
 * decoded them and are written here: renamed to API names and limited to the plan's columns when the result is
 * described, numbers the driver kept as text (64-bit integers, decimals) written as JSON numbers as the database's
 * own JSON would, bytes as base64, dates as ISO text.
 */
export function readExecuteRows(
  rows: readonly Record<string, unknown>[],
  plan: ExecutePlan,
  form: 'json' | 'rows',
): PageResultSet {
  if (form === 'json') {
    const data = rows[0]?.['data']
    invariant(
      data === undefined || data === null || typeof data === 'string',
      'an execute statement returns its rows as JSON text in `data`',
    )
    return { kind: 'page', json: data ?? null, more: false, cursor: null }
  }
  if (rows.length === 0) return { kind: 'page', json: null, more: false, cursor: null }
  const records = rows.map((row) => {
    if (plan.columns === undefined) {
      return `{${Object.keys(row)
        .map((k) => `${JSON.stringify(k)}:${jsonValue(row[k], 'unknown')}`)
        .join(',')}}`
    }
    return `{${plan.columns.map((c) => `${JSON.stringify(c.name)}:${jsonValue(row[c.column.column], c.type)}`).join(',')}}`
  })
  return { kind: 'page', json: `[${records.join(',')}]`, more: false, cursor: null }
}

function jsonValue(value: unknown, type: ScalarType): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'string' && NUMERIC_TYPES.has(type) && NUMBER.test(value)) return value
  if (value instanceof Uint8Array) return JSON.stringify(Buffer.from(value).toString('base64'))
  if (value instanceof Date) return JSON.stringify(value.toISOString())
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null'
  return JSON.stringify(value) ?? 'null'
}
