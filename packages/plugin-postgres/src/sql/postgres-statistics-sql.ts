/**
 * The catalog query `readPostgresStatistics` runs: the planner's own figures for the requested tables, one row per
 * (table, column with statistics), in one round trip however many tables. `$1` schemas (NULL: the current schema),
 * `$2` object names.
 *
 * `row_estimate` is the planner's: `pg_class.reltuples` scaled by how the table's size changed since it was last
 * analyzed (reltuples / relpages × the pages it has now), so a table that grew is seen to have grown without waiting
 * for autovacuum. NULL when unknown: never analyzed (reltuples = -1), analyzed empty but no longer empty, or a view.
 * Partitioned and foreign tables have no pages of their own: their reltuples is taken as it is.
 *
 * Per column, from `pg_stats` (the view every user may read for the columns they may select): the fraction of
 * NULLs, `n_distinct` (negative: a fraction of the rows), and of the most common values' frequencies the largest,
 * their sum and how many there are. `inherited` is chosen as a scan of the table reads: with its children when it
 * has any (partitioned tables, inheritance parents).
 */
export const POSTGRES_STATISTICS_SQL = `
  WITH requested AS (
    SELECT r.schema_name, r.object_name, r.ord::int AS ord
    FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS r(schema_name, object_name, ord)
  ), found AS (
    SELECT q.ord, n.nspname, c.relname, c.relkind, c.relhassubclass, c.reltuples::float8 AS reltuples, c.relpages::float8 AS relpages,
      CASE WHEN c.relkind IN ('r', 'm')
        THEN pg_catalog.pg_relation_size(c.oid)::float8 / pg_catalog.current_setting('block_size')::float8 END AS pages
    FROM requested AS q
    JOIN pg_catalog.pg_namespace AS n ON n.nspname = COALESCE(q.schema_name, pg_catalog.current_schema())
    JOIN pg_catalog.pg_class AS c ON c.relnamespace = n.oid AND c.relname = q.object_name AND c.relkind IN ('r', 'p', 'm', 'f')
  )
  SELECT f.ord,
    CASE
      WHEN f.reltuples < 0 THEN NULL
      WHEN f.pages IS NULL THEN f.reltuples
      WHEN f.relpages > 0 THEN f.reltuples / f.relpages * f.pages
      WHEN f.pages = 0 THEN f.reltuples
    END AS row_estimate,
    s.attname::text AS column_name, s.null_frac::float8 AS null_fraction, s.n_distinct::float8 AS n_distinct,
    (SELECT max(x) FROM unnest(s.most_common_freqs) AS x)::float8 AS top_frequency,
    (SELECT sum(x) FROM unnest(s.most_common_freqs) AS x)::float8 AS common_frequency,
    COALESCE(pg_catalog.cardinality(s.most_common_freqs), 0) AS common_values
  FROM found AS f
  LEFT JOIN pg_catalog.pg_stats AS s
    ON s.schemaname = f.nspname AND s.tablename = f.relname AND s.inherited = (f.relkind = 'p' OR f.relhassubclass)
  ORDER BY f.ord, s.attname
`
