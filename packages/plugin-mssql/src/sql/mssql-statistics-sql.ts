/**
 * The catalog queries `readMssqlStatistics` runs, kept apart for review. Both take the requested tables as one JSON
 * parameter (`@p0`: an array of `[schema or null, name]` pairs; an unqualified name is looked up in the caller's
 * default schema), so they cost two round trips however many tables.
 */

const REQUESTED_TABLES = `
WITH requested AS (
  SELECT CAST(q.[key] AS int) + 1 AS ord, JSON_VALUE(q.value, '$[0]') AS schema_name, JSON_VALUE(q.value, '$[1]') AS object_name
  FROM OPENJSON(@p0) AS q
), found AS (
  SELECT r.ord, t.object_id
  FROM requested AS r
  JOIN sys.schemas AS s ON s.name = COALESCE(r.schema_name, SCHEMA_NAME()) COLLATE DATABASE_DEFAULT
  JOIN sys.tables AS t ON t.schema_id = s.schema_id AND t.name = r.object_name COLLATE DATABASE_DEFAULT
)`

/**
 * Each found table's rows as the storage engine counts them (`sys.partitions.rows` of the heap or clustered index,
 * every partition; readable with the metadata visibility introspection already needs). One row per table.
 */
export const MSSQL_ROW_COUNTS_SQL = `${REQUESTED_TABLES}
SELECT f.ord, (SELECT SUM(p.rows) FROM sys.partitions AS p WHERE p.object_id = f.object_id AND p.index_id IN (0, 1)) AS row_count
FROM found AS f
ORDER BY f.ord
`

/**
 * Per statistics object of the found tables, its leading column and, from its histogram
 * (`sys.dm_db_stats_histogram`, SQL Server 2016 SP1 CU2 or later), the most rows equal to one step's boundary value
 * and the largest average rows per distinct value inside a step, with the rows the table had when the statistics
 * were built (`sys.dm_db_stats_properties`), so the figures can be scaled to the rows it has now.
 */
export const MSSQL_HISTOGRAMS_SQL = `${REQUESTED_TABLES}
SELECT f.ord, c.name AS column_name, sp.rows AS sampled_table_rows,
  MAX(h.equal_rows) AS max_equal_rows, MAX(h.average_range_rows) AS max_average_range_rows
FROM found AS f
JOIN sys.stats AS st ON st.object_id = f.object_id
JOIN sys.stats_columns AS sc ON sc.object_id = st.object_id AND sc.stats_id = st.stats_id AND sc.stats_column_id = 1
JOIN sys.columns AS c ON c.object_id = sc.object_id AND c.column_id = sc.column_id
CROSS APPLY sys.dm_db_stats_properties(st.object_id, st.stats_id) AS sp
CROSS APPLY sys.dm_db_stats_histogram(st.object_id, st.stats_id) AS h
GROUP BY f.ord, st.stats_id, c.name, sp.rows
ORDER BY f.ord, c.name
`
