import { BaseSqlCompiler, hasExactJsonForm, type ColumnRef, type OutputColumn, type ParameterSink, type SelectPlan } from '@sluice/core'

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
    if (plan.result.mode === 'single') {
      const record = `CROSS JOIN LATERAL (${this.recordSelect(plan.columns)}) AS ${RECORD}`
      return `SELECT row_to_json(${RECORD})::text AS "data" FROM ${this.tableRef(plan.table)} ${record}${this.where(plan.where, sink)} LIMIT 1`
    }
    // One row: json_agg over up to limit + 1 ordered rows (core counts them and drops the extra one) and, where
    // core cannot read them from the JSON, the ordering values of row `limit`. No window function and no count:
    // measured, each cost PostgreSQL more than Node's scan of the text.
    const { limit, fetch, cursorColumns } = plan.result
    const rowsFrom = `FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)}${this.orderBy(plan.orderBy)} LIMIT ${this.integerLiteral(fetch)}`
    const L = this.integerLiteral(limit)
    const outputs = cursorColumns.map((c) => plan.columns.find((o) => o.column.table === c.table && o.column.column === c.column))
    if (outputs.every((o) => o !== undefined)) {
      // The ordering columns are in the output, so the page's own record carries them.
      const exact = outputs.every((o) => hasExactJsonForm(o!.type))
      const cursor = exact ? '' : `, json_build_array(${outputs.map((o) => `(array_agg(p.${this.quoteIdentifier(o!.name)}::text))[${L}]`).join(', ')})::text AS "cursor"`
      return `SELECT json_agg(p)::text AS "data"${cursor} FROM (${this.recordSelect(plan.columns)} ${rowsFrom}) AS p`
    }
    // The ordering columns are not all output: carry them beside a record built per row.
    const needed = distinctColumns([...plan.columns.map((c) => c.column), ...cursorColumns])
    const carried = cursorColumns.map((c, i) => `${this.column(c)} AS c${i}`).join(', ')
    const cursor = cursorColumns.map((_, i) => `(array_agg(s.c${i}::text))[${L}]`).join(', ')
    return `SELECT json_agg(s.${RECORD})::text AS "data", json_build_array(${cursor})::text AS "cursor" `
      + `FROM (SELECT ${RECORD}, ${carried} FROM (SELECT ${needed.map((c) => this.column(c)).join(', ')} ${rowsFrom}) AS ${this.quoteIdentifier(plan.table.alias)} `
      + `CROSS JOIN LATERAL (${this.recordSelect(plan.columns)}) AS ${RECORD}) AS s`
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
