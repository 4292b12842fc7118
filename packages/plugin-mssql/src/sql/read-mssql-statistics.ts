import { qualifiedKey } from '@sluice/core/dialect'
import type {
  Abortable,
  ColumnStatistics,
  DatabaseStatistics,
  Driver,
  ObjectStatistics,
  QualifiedName,
} from '@sluice/core/dialect'
import { MSSQL_HISTOGRAMS_SQL, MSSQL_ROW_COUNTS_SQL } from './mssql-statistics-sql.js'

interface RowCountRow {
  readonly ord: number
  readonly row_count: number | string | null
}

interface HistogramRow {
  readonly ord: number
  readonly column_name: string
  readonly sampled_table_rows: number | string | null
  readonly max_equal_rows: number | null
  readonly max_average_range_rows: number | null
}

/**
 * SQL Server's figures for `objects`: each table's rows (`MSSQL_ROW_COUNTS_SQL`) and, per column that leads a
 * statistics object, the most rows one value has according to its histogram (`MSSQL_HISTOGRAMS_SQL`), scaled to the
 * table's current rows (the largest where several statistics lead with the column). A histogram SQL Server will
 * not show (an older version, or a caller without the permission) leaves only the row counts; tables without rows
 * are left out.
 */
export async function readMssqlStatistics(
  driver: Driver,
  objects: readonly QualifiedName[],
  options: Abortable = {},
): Promise<DatabaseStatistics> {
  const found = new Map<string, ObjectStatistics>()
  if (objects.length === 0) return { objects: found }
  const requested = JSON.stringify(objects.map((o) => [o.schema ?? null, o.name]))
  const { rows } = await driver.execute<RowCountRow>({ sql: MSSQL_ROW_COUNTS_SQL, parameters: [requested] }, options)
  const tables = new Map<number, { rows: number; columns: Map<string, ColumnStatistics> }>()
  for (const row of rows) {
    const object = objects[row.ord - 1]
    const count = Number(row.row_count ?? 0)
    if (object === undefined || !(count > 0)) continue
    const table = { rows: count, columns: new Map<string, ColumnStatistics>() }
    tables.set(row.ord, table)
    found.set(qualifiedKey(object), table)
  }
  if (tables.size === 0) return { objects: found }
  let histograms: readonly HistogramRow[]
  try {
    histograms = (await driver.execute<HistogramRow>({ sql: MSSQL_HISTOGRAMS_SQL, parameters: [requested] }, options))
      .rows
  } catch (error) {
    if (options.signal?.aborted === true) throw error
    return { objects: found }
  }
  for (const row of histograms) {
    const table = tables.get(row.ord)
    const sampled = Number(row.sampled_table_rows ?? 0)
    if (table === undefined || !(sampled > 0)) continue
    const most = Math.max(row.max_equal_rows ?? 0, row.max_average_range_rows ?? 0) * (table.rows / sampled)
    const known = table.columns.get(row.column_name)?.maxRowsPerValue
    if (most > 0 && (known === undefined || most > known)) table.columns.set(row.column_name, { maxRowsPerValue: most })
  }
  return { objects: found }
}
