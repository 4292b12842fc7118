import { qualifiedKey } from '@sluice/core/dialect'
import type {
  Abortable,
  ColumnStatistics,
  DatabaseStatistics,
  Driver,
  ObjectStatistics,
  QualifiedName,
} from '@sluice/core/dialect'
import { SQLITE_HAS_STAT1_SQL, SQLITE_STATISTICS_SQL } from './sqlite-statistics-sql.js'

type Row = Record<string, unknown>

/**
 * SQLite's `sqlite_stat1` figures for `objects`, two queries per schema: a table's rows (a full index's entry count,
 * or the count ANALYZE wrote for a table without indexes) and, per column that leads an index, the average rows per
 * distinct value (1 exactly for a one-column unique index), which core multiplies by its safety factor. Partial
 * indexes count only some rows and are skipped. Tables ANALYZE has not seen (no `sqlite_stat1` at all, or no row
 * for them) are left out: SQLite never refreshes these figures itself, so they are as fresh as the last ANALYZE.
 */
export async function readSqliteStatistics(
  driver: Driver,
  objects: readonly QualifiedName[],
  options: Abortable = {},
): Promise<DatabaseStatistics> {
  const found = new Map<string, ObjectStatistics>()
  const bySchema = new Map<string, QualifiedName[]>()
  for (const o of objects) {
    const schema = o.schema ?? 'main'
    bySchema.set(schema, [...(bySchema.get(schema) ?? []), o])
  }
  for (const [schema, requested] of bySchema) {
    const quoted = `"${schema.replace(/"/g, '""')}"`
    const { rows: has } = await driver.execute<Row>(
      { sql: SQLITE_HAS_STAT1_SQL.replace('<schema>', quoted), parameters: [] },
      options,
    )
    if (Number(has[0]?.['found'] ?? 0) === 0) continue
    const names = JSON.stringify(requested.map((o) => o.name.toLowerCase()))
    const { rows } = await driver.execute<Row>(
      { sql: SQLITE_STATISTICS_SQL.replace('<schema>', quoted), parameters: [schema, schema, schema, names] },
      options,
    )
    const tables = new Map<string, { rows: number; columns: Map<string, ColumnStatistics> }>()
    for (const row of rows) {
      if (Number(row['partial'] ?? 0) === 1) continue
      const counts = String(row['stat'] ?? '')
        .split(' ')
        .map(Number)
      const entries = counts[0] ?? 0
      if (!(entries > 0)) continue
      const key = String(row['object']).toLowerCase()
      let table = tables.get(key)
      if (table === undefined) {
        table = { rows: entries, columns: new Map() }
        tables.set(key, table)
      }
      const column = row['column']
      const average = counts[1]
      if (typeof column !== 'string' || average === undefined || !(average > 0)) continue
      const figures: ColumnStatistics =
        Number(row['unique']) === 1 && Number(row['columns']) === 1
          ? { maxRowsPerValue: 1 }
          : { averageRowsPerValue: average }
      const known = table.columns.get(column)
      if (known === undefined || preferred(figures, known)) table.columns.set(column, figures)
    }
    for (const o of requested) {
      const table = tables.get(o.name.toLowerCase())
      if (table !== undefined) found.set(qualifiedKey(o), table)
    }
  }
  return { objects: found }
}

/**
 * Whether `a` is the figure to keep over `b` for one column: the exact 1 of a unique index beats any average;
 * between two indexes' averages, the larger (the cautious one: each is sampled on its own).
 */
function preferred(a: ColumnStatistics, b: ColumnStatistics): boolean {
  if (b.maxRowsPerValue !== undefined) return false
  if (a.maxRowsPerValue !== undefined) return true
  return (a.averageRowsPerValue ?? 0) > (b.averageRowsPerValue ?? 0)
}
