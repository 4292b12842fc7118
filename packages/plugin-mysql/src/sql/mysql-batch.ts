/**
 * MySQL has no RETURNING (MariaDB only for INSERT and DELETE), so some writes are a short sequence of statements:
 * the write, then a SELECT that reads the written row back. The compiler joins them with these markers into one SQL
 * text (cached per plan shape like any other); the driver splits it and runs the steps in order on one connection
 * inside a transaction, returning the last step's rows. A step after {@link IF_FOUND} runs only when the previous
 * statement touched a row (mysql2 reports found rows), else the batch returns no rows: "nothing was written".
 */
export const THEN = '\n/*sluice:then*/\n'
export const IF_FOUND = '\n/*sluice:if-found*/\n'

const MARKER = /\n\/\*sluice:(then|if-found)\*\/\n/

export interface BatchStep {
  readonly sql: string
  readonly parameters: readonly unknown[]
  /** Run only when the previous step touched at least one row. */
  readonly onlyIfFound: boolean
}

/** True when `sql` holds more than one statement joined by the markers above. */
export function isBatch(sql: string): boolean {
  return sql.includes('/*sluice:') && MARKER.test(sql)
}

/** Splits a batch into steps, handing each its own placeholders' values (in order). */
export function splitBatch(sql: string, parameters: readonly unknown[]): BatchStep[] {
  const parts = sql.split(MARKER)
  const steps: BatchStep[] = []
  let next = 0
  for (let i = 0; i < parts.length; i += 2) {
    const text = parts[i]!
    const count = countPlaceholders(text)
    steps.push({
      sql: text,
      parameters: parameters.slice(next, next + count),
      onlyIfFound: parts[i - 1] === 'if-found',
    })
    next += count
  }
  if (next !== parameters.length) throw new Error(`batch has ${next} placeholders for ${parameters.length} values`)
  return steps
}

/** `?` placeholders outside quoted identifiers and string literals. */
export function countPlaceholders(sql: string): number {
  let count = 0
  let quote: string | undefined
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!
    if (quote !== undefined) {
      if (c === '\\' && quote === "'") i++
      else if (c === quote) {
        if (sql[i + 1] === quote) i++
        else quote = undefined
      }
    } else if (c === '`' || c === "'" || c === '"') {
      quote = c
    } else if (c === '?') {
      count++
    }
  }
  return count
}
