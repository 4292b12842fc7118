/**
 * What a database catalog's statistics say about one table (`Introspector.readStatistics`): how many rows it holds
 * and, per column, how many rows share one value. Core bounds a read's cost with these figures before any SQL runs
 * (`estimateReadCost`); they are estimates, refreshed in the background, never exact counts.
 */
export interface ObjectStatistics {
  /** The estimated number of rows; undefined when the catalog has no estimate (a table never analyzed). */
  readonly rows: number | undefined
  /** By column name: the columns the catalog has statistics for (others are absent). */
  readonly columns: ReadonlyMap<string, ColumnStatistics>
}

/**
 * How many rows share one value of a column. Report what the catalog has: `maxRowsPerValue` where it knows the most
 * common values' frequencies (PostgreSQL's `pg_stats`, SQL Server's histogram), else `averageRowsPerValue` (rows per
 * distinct value: MariaDB's index cardinality, SQLite's `sqlite_stat1`), which core multiplies by a safety factor
 * because an average hides skew. A column with neither is treated as unknown.
 */
export interface ColumnStatistics {
  /** The largest number of rows that share one value. */
  readonly maxRowsPerValue?: number | undefined
  /** The average number of rows per distinct value. */
  readonly averageRowsPerValue?: number | undefined
}

/** What `Introspector.readStatistics` returns for the objects it was asked about; objects without figures are absent. */
export interface DatabaseStatistics {
  /** Keyed by `qualifiedKey` of the name as requested. */
  readonly objects: ReadonlyMap<string, ObjectStatistics>
}
