/**
 * The catalog queries {@link MssqlIntrospector} runs, kept apart so they can be reviewed and tried in SSMS. Each
 * takes its inputs as one JSON parameter (`@p0`, read with OPENJSON), so introspection costs a fixed number of round
 * trips however many objects there are. SQL Server 2016 or later.
 */

/**
 * Resolves the requested names and lists their columns, one row per column (ordered by request, then column_id).
 * `@p0` is a JSON array of `[schema or null, name]` pairs. An unqualified name resolves as SQL Server does: the
 * caller's default schema first, then `dbo`. Always returns at least one row, so `default_schema` arrives even when
 * nothing is found. Alias types are followed to their system type; `system_type` is NULL for CLR types.
 */
export const MSSQL_OBJECTS_SQL = `
WITH requested AS (
  SELECT CAST(q.[key] AS int) + 1 AS ord, JSON_VALUE(q.value, '$[0]') AS schema_name, JSON_VALUE(q.value, '$[1]') AS object_name
  FROM OPENJSON(@p0) AS q
), candidates AS (
  SELECT r.ord, o.object_id, s.name AS schema_name, o.name AS object_name, o.type AS object_type,
    ROW_NUMBER() OVER (PARTITION BY r.ord ORDER BY CASE WHEN s.name = SCHEMA_NAME() THEN 0 ELSE 1 END) AS preference
  FROM requested AS r
  JOIN sys.objects AS o ON o.name = r.object_name COLLATE DATABASE_DEFAULT AND o.type IN ('U', 'V', 'P')
  JOIN sys.schemas AS s ON s.schema_id = o.schema_id
  WHERE (r.schema_name IS NOT NULL AND s.name = r.schema_name COLLATE DATABASE_DEFAULT) OR (r.schema_name IS NULL AND s.name IN (SCHEMA_NAME(), N'dbo'))
), resolved AS (
  SELECT * FROM candidates WHERE preference = 1
)
SELECT SCHEMA_NAME() AS default_schema, r.ord, r.object_id, r.schema_name, r.object_name, RTRIM(r.object_type) AS object_type,
  c.column_id, c.name AS column_name,
  CASE WHEN t.is_user_defined = 0 THEN t.name ELSE TYPE_NAME(c.system_type_id) END AS type_name,
  CAST(c.max_length AS int) AS [max_length], CAST(c.precision AS int) AS [precision], CAST(c.scale AS int) AS [scale],
  c.is_nullable, c.is_identity, c.is_computed, d.definition AS default_definition
FROM (SELECT 1 AS one) AS x
LEFT JOIN resolved AS r ON 1 = 1
LEFT JOIN sys.columns AS c ON c.object_id = r.object_id AND r.object_type IN ('U', 'V')
LEFT JOIN sys.types AS t ON t.user_type_id = c.user_type_id
LEFT JOIN sys.default_constraints AS d ON d.object_id = c.default_object_id
ORDER BY r.ord, c.column_id
`

/**
 * Primary keys (`p`), unique constraints and unfiltered unique indexes (`u`) and foreign keys (`f`) of the tables and
 * views whose object ids are in `@p0` (a JSON array). Column lists are JSON arrays in key order; a foreign key's
 * `referenced_columns` pair with its `columns` by position.
 */
export const MSSQL_KEYS_SQL = `
WITH ids AS (SELECT CAST(value AS int) AS object_id FROM OPENJSON(@p0))
SELECT i.object_id, CASE WHEN i.is_primary_key = 1 THEN 'p' ELSE 'u' END AS kind, i.name,
  (SELECT c.name AS n FROM sys.index_columns AS ic JOIN sys.columns AS c ON c.object_id = ic.object_id AND c.column_id = ic.column_id
   WHERE ic.object_id = i.object_id AND ic.index_id = i.index_id AND ic.is_included_column = 0 ORDER BY ic.key_ordinal FOR JSON PATH) AS columns,
  CAST(NULL AS sysname) AS referenced_schema, CAST(NULL AS sysname) AS referenced_name, CAST(NULL AS nvarchar(max)) AS referenced_columns
FROM sys.indexes AS i JOIN ids ON ids.object_id = i.object_id
WHERE (i.is_primary_key = 1 OR i.is_unique = 1) AND i.has_filter = 0
UNION ALL
SELECT fk.parent_object_id, 'f', fk.name,
  (SELECT c.name AS n FROM sys.foreign_key_columns AS fc JOIN sys.columns AS c ON c.object_id = fc.parent_object_id AND c.column_id = fc.parent_column_id
   WHERE fc.constraint_object_id = fk.object_id ORDER BY fc.constraint_column_id FOR JSON PATH),
  SCHEMA_NAME(ro.schema_id), ro.name,
  (SELECT c.name AS n FROM sys.foreign_key_columns AS fc JOIN sys.columns AS c ON c.object_id = fc.referenced_object_id AND c.column_id = fc.referenced_column_id
   WHERE fc.constraint_object_id = fk.object_id ORDER BY fc.constraint_column_id FOR JSON PATH)
FROM sys.foreign_keys AS fk JOIN ids ON ids.object_id = fk.parent_object_id
JOIN sys.objects AS ro ON ro.object_id = fk.referenced_object_id
ORDER BY 1, 2, 3
`

/**
 * Parameters (from sys.parameters, `@` removed) and first-result-set columns (from
 * sys.dm_exec_describe_first_result_set_for_object; none when SQL Server cannot describe it, e.g. for dynamic SQL
 * or temp tables) of the procedures whose object ids are in `@p0`. `part` is `p` for a parameter, `r` for a column.
 * T-SQL procedures do not expose whether a parameter has a default (`has_default_value` is set for CLR ones only):
 * `definition` (the procedure's text, NULL when encrypted) lets the introspector read the declarations.
 */
export const MSSQL_PROCEDURES_SQL = `
WITH ids AS (SELECT CAST(value AS int) AS object_id FROM OPENJSON(@p0))
SELECT 'p' AS [part], p.object_id, p.parameter_id AS [position], STUFF(p.name, 1, 1, '') AS [name],
  CASE WHEN t.is_user_defined = 0 THEN t.name ELSE TYPE_NAME(p.system_type_id) END AS type_name,
  CAST(p.max_length AS int) AS [max_length], CAST(p.precision AS int) AS [precision], CAST(p.scale AS int) AS [scale],
  p.is_output, p.has_default_value, CAST(1 AS bit) AS is_nullable, OBJECT_DEFINITION(p.object_id) AS [definition]
FROM sys.parameters AS p JOIN ids ON ids.object_id = p.object_id
LEFT JOIN sys.types AS t ON t.user_type_id = p.user_type_id
WHERE p.parameter_id > 0
UNION ALL
SELECT 'r', ids.object_id, d.column_ordinal, d.name,
  CASE WHEN t.is_user_defined = 0 THEN t.name ELSE TYPE_NAME(d.system_type_id) END,
  CAST(d.max_length AS int), CAST(d.precision AS int), CAST(d.scale AS int), CAST(0 AS bit), CAST(0 AS bit), d.is_nullable, NULL
FROM ids CROSS APPLY sys.dm_exec_describe_first_result_set_for_object(ids.object_id, 0) AS d
LEFT JOIN sys.types AS t ON t.user_type_id = d.user_type_id
WHERE d.error_number IS NULL AND d.is_hidden = 0
ORDER BY 2, 1, 3
`

/**
 * Every table `autoentities` may match (see `Introspector.listTables`), one row each, with whether it has a primary
 * key. Left out, as Data API builder leaves them out: Microsoft-shipped tables, the `sys`, `INFORMATION_SCHEMA` and
 * `cdc` schemas, temporal (system-versioned and history) tables, FileTables, graph node and edge tables (found by
 * their `$node_id` / `$edge_id` columns, which also works before SQL Server 2017), and the replication and Service
 * Broker tables by name. Tables of any column type are listed (Data API builder also drops those with xml, spatial,
 * hierarchyid, sql_variant or rowversion columns; Sluice serves them as it does configured entities).
 */
export const MSSQL_TABLES_SQL = `
SELECT s.name AS schema_name, t.name AS object_name,
  CAST(CASE WHEN EXISTS (SELECT 1 FROM sys.key_constraints AS kc WHERE kc.parent_object_id = t.object_id AND kc.type = 'PK')
    THEN 1 ELSE 0 END AS bit) AS has_primary_key
FROM sys.tables AS t
JOIN sys.schemas AS s ON s.schema_id = t.schema_id
WHERE t.is_ms_shipped = 0 AND t.temporal_type = 0 AND t.is_filetable = 0
  AND s.name NOT IN (N'sys', N'INFORMATION_SCHEMA', N'cdc')
  AND t.name NOT LIKE N'MSmerge[_]%' AND t.name NOT LIKE N'MSreplication[_]%' AND t.name NOT LIKE N'FileTableUpdates$%'
  AND t.name NOT LIKE N'queue[_]messages[_]%' AND t.name NOT LIKE N'service[_]broker[_]%'
  AND NOT EXISTS (
    SELECT 1 FROM sys.columns AS c
    WHERE c.object_id = t.object_id AND (c.name LIKE N'$node[_]id%' OR c.name LIKE N'$edge[_]id%')
  )
ORDER BY s.name, t.name
`
