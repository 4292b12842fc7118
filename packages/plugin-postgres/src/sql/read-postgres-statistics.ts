import { qualifiedKey } from '@sluice/core/dialect'
import type {
  Abortable,
  ColumnStatistics,
  DatabaseStatistics,
  Driver,
  ObjectStatistics,
  QualifiedName,
} from '@sluice/core/dialect'
import { POSTGRES_STATISTICS_SQL } from './postgres-statistics-sql.js'

/** Numbers as the driver returns them (float8 as numbers; a driver that keeps text is read with `Number`). */
interface StatisticsRow {
  readonly ord: number | string
  readonly row_estimate: number | string | null
  readonly column_name: string | null
  readonly null_fraction: number | string | null
  readonly n_distinct: number | string | null
  readonly top_frequency: number | string | null
  readonly common_frequency: number | string | null
  readonly common_values: number | string
}

/**
 * The planner's statistics for `objects` in one query (`POSTGRES_STATISTICS_SQL`). Per column, the most rows one
 * value has: the most common value's frequency × the rows, or, where the remaining values are more common on
 * average (no list of common values, as for a column whose values are all about equally common), the rows left
 * over per remaining distinct value (`n_distinct`). ANALYZE lists the common values by frequency and stops where
 * they are no longer distinctly common, so no value left out has more rows than the last one listed. Objects PostgreSQL
 * has no estimate for are left out; so are columns of a table without a row estimate.
 */
export async function readPostgresStatistics(
  driver: Driver,
  objects: readonly QualifiedName[],
  options: Abortable = {},
): Promise<DatabaseStatistics> {
  const found = new Map<string, ObjectStatistics>()
  if (objects.length === 0) return { objects: found }
  const { rows } = await driver.execute<StatisticsRow>(
    {
      sql: POSTGRES_STATISTICS_SQL,
      parameters: [objects.map((o) => o.schema ?? null), objects.map((o) => o.name)],
    },
    options,
  )
  const columnsByOrd = new Map<number, Map<string, ColumnStatistics>>()
  for (const row of rows) {
    const ord = Number(row.ord)
    const requested = objects[ord - 1]
    if (requested === undefined || row.row_estimate === null) continue
    const tableRows = Number(row.row_estimate)
    let columns = columnsByOrd.get(ord)
    if (columns === undefined) {
      columns = new Map()
      columnsByOrd.set(ord, columns)
      found.set(qualifiedKey(requested), { rows: tableRows, columns })
    }
    const maxRowsPerValue = readMaxRowsPerValue(row, tableRows)
    if (row.column_name !== null && maxRowsPerValue !== undefined) columns.set(row.column_name, { maxRowsPerValue })
  }
  return { objects: found }
}

function readMaxRowsPerValue(row: StatisticsRow, tableRows: number): number | undefined {
  const nDistinct = Number(row.n_distinct ?? 0)
  if (nDistinct === 0 || !Number.isFinite(nDistinct)) return undefined
  const common = Number(row.top_frequency ?? 0) * tableRows
  const distinct = nDistinct > 0 ? nDistinct : -nDistinct * tableRows
  const restDistinct = distinct - Number(row.common_values)
  const restRows = tableRows * (1 - Number(row.null_fraction ?? 0) - Number(row.common_frequency ?? 0))
  const rest = restDistinct >= 0.5 && restRows > 0 ? restRows / Math.max(1, restDistinct) : 0
  const most = Math.max(common, rest)
  return most > 0 ? most : undefined
}
