import { qualifiedKey } from '@sluice/core/dialect'
import type {
  Abortable,
  ColumnStatistics,
  DatabaseStatistics,
  Driver,
  ObjectStatistics,
  QualifiedName,
} from '@sluice/core/dialect'
import { mysqlStatisticsSql } from './mysql-statistics-sql.js'

interface StatisticsRow {
  readonly ord: number | string
  readonly table_rows: number | string | null
  readonly index_name: string | null
  readonly column_name: string | null
  readonly cardinality: number | string | null
  readonly non_unique: number | string | null
  readonly index_columns: number | string
}

/**
 * MySQL's and MariaDB's estimates for `objects` in one query (`mysqlStatisticsSql`): the table's rows (InnoDB keeps
 * a running count; MySQL 8 caches it for `information_schema_stats_expiry`, a day by default) and, per column that
 * leads an index, the rows per distinct value — 1 for a one-column unique index, else `TABLE_ROWS / CARDINALITY`,
 * an average the catalog samples (core multiplies it by its safety factor). Where several indexes lead with a
 * column, a unique one's exact 1 wins, else the largest average. Zero figures (a table the catalog has not counted
 * yet) are left out.
 */
export async function readMysqlStatistics(
  driver: Driver,
  objects: readonly QualifiedName[],
  options: Abortable = {},
): Promise<DatabaseStatistics> {
  const found = new Map<string, ObjectStatistics>()
  if (objects.length === 0) return { objects: found }
  const parameters = objects.flatMap((o, i) => [i + 1, o.schema ?? null, o.name])
  const { rows } = await driver.execute<StatisticsRow>({ sql: mysqlStatisticsSql(objects.length), parameters }, options)
  const byOrd = new Map<number, { rows: number; columns: Map<string, ColumnStatistics> }>()
  for (const row of rows) {
    const ord = Number(row.ord)
    const requested = objects[ord - 1]
    const tableRows = Number(row.table_rows ?? 0)
    if (requested === undefined || !(tableRows > 0)) continue
    let table = byOrd.get(ord)
    if (table === undefined) {
      table = { rows: tableRows, columns: new Map() }
      byOrd.set(ord, table)
      found.set(qualifiedKey(requested), table)
    }
    if (row.column_name === null) continue
    const figures = readColumn(row, tableRows)
    const known = table.columns.get(row.column_name)
    if (figures !== undefined && (known === undefined || preferred(figures, known)))
      table.columns.set(row.column_name, figures)
  }
  return { objects: found }
}

function readColumn(row: StatisticsRow, tableRows: number): ColumnStatistics | undefined {
  if (Number(row.non_unique) === 0 && Number(row.index_columns) === 1) return { maxRowsPerValue: 1 }
  const cardinality = Number(row.cardinality ?? 0)
  return cardinality > 0 ? { averageRowsPerValue: tableRows / cardinality } : undefined
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
