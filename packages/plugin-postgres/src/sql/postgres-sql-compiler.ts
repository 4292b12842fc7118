import { BaseSqlCompiler, type ColumnRef, type OutputColumn, type ParameterSink, type SelectPlan } from '@sluice/core'

/** Alias of the per-row record; quoted and unusual so it cannot be mistaken for a column of the table. */
const RECORD = '"sluice:r"'

/**
 * PostgreSQL SQL (also PGlite's). PostgreSQL builds the response JSON itself: a page is one row holding the JSON
 * array text, whether more rows exist, and the last row's ordering values — one round trip, no row decoding in Node.
 */
export class PostgresSqlCompiler extends BaseSqlCompiler {
  protected readonly numberedParameters = true

  protected quoteIdentifier(name: string): string {
    return `"${name.replace(/"/g, '""')}"`
  }

  protected placeholder(index: number): string {
    return `$${index + 1}`
  }

  protected compileSelect(plan: SelectPlan, sink: ParameterSink): string {
    const record = `CROSS JOIN LATERAL (${this.recordSelect(plan.columns)}) AS ${RECORD}`
    if (plan.result.mode === 'single') {
      return `SELECT row_to_json(${RECORD})::text AS "data" FROM ${this.tableRef(plan.table)} ${record}${this.where(plan.where, sink)} LIMIT 1`
    }
    const { limit, fetch, cursorColumns } = plan.result
    const L = sink.placeholder(limit)
    // The ordered, limited rows; row_number() OVER () numbers them in that order (as json_agg aggregates them).
    const needed = distinctColumns([...plan.columns.map((c) => c.column), ...cursorColumns])
    const rows = `SELECT ${needed.map((c) => this.column(c)).join(', ')} FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)}${this.orderBy(plan.orderBy)} LIMIT ${sink.placeholder(fetch)}`
    const cursor = cursorColumns.map((c, i) => `${this.column(c)} AS c${i}`).join(', ')
    const numbered = `SELECT ${RECORD}, row_number() OVER () AS n${cursor === '' ? '' : `, ${cursor}`} FROM (${rows}) AS ${this.quoteIdentifier(plan.table.alias)} ${record}`
    const cursorJson = `json_build_array(${cursorColumns.map((_, i) => `s.c${i}::text`).join(', ')})::text`
    return `SELECT (json_agg(s.${RECORD}) FILTER (WHERE s.n <= ${L}))::text AS "data", count(*) > ${L} AS "more", `
      + `min(${cursorJson}) FILTER (WHERE s.n = ${L}) AS "cursor" FROM (${numbered}) AS s`
  }

  /** The row as a record keyed by API-level names (row_to_json / json_agg turn it into compact JSON). */
  protected recordSelect(columns: readonly OutputColumn[]): string {
    const value = (c: OutputColumn): string => (c.type === 'bytes' ? `encode(${this.column(c.column)}, 'base64')` : this.column(c.column))
    return `SELECT ${columns.map((c) => `${value(c)} AS ${this.quoteIdentifier(c.name)}`).join(', ')}`
  }
}

function distinctColumns(columns: readonly ColumnRef[]): ColumnRef[] {
  const seen = new Set<string>()
  return columns.filter((c) => !seen.has(c.column) && seen.add(c.column) !== undefined)
}
