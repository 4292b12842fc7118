/**
 * The catalog queries {@link PostgresIntrospector} runs, kept apart so they can be reviewed and tried in psql.
 * Both take their inputs as arrays, so introspection costs two round trips however many objects there are.
 */

/**
 * Resolves the requested names and lists their columns, one row per column (ordered by request, then attnum).
 * `$1` schemas (NULL = unqualified, resolved through `current_schemas(false)` in order), `$2` object names.
 * Always returns at least one row, so `default_schema` arrives even when nothing is found (the other columns are
 * then NULL). Domains are followed to their base type; `max_length` comes from the column's or a domain's typmod.
 */
export const POSTGRES_RELATIONS_SQL = `
  WITH requested AS (
    SELECT r.schema_name, r.object_name, r.ord::int AS ord
    FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS r(schema_name, object_name, ord)
  ), search_path AS (
    SELECT s.nspname, s.pos::int AS pos
    FROM unnest(pg_catalog.current_schemas(false)) WITH ORDINALITY AS s(nspname, pos)
  ), resolved AS (
    SELECT DISTINCT ON (q.ord) q.ord, c.oid, n.nspname, c.relname, c.relkind
    FROM requested AS q
    JOIN pg_catalog.pg_class AS c ON c.relname = q.object_name AND c.relkind IN ('r', 'p', 'f', 'v', 'm')
    JOIN pg_catalog.pg_namespace AS n ON n.oid = c.relnamespace
    LEFT JOIN search_path AS sp ON sp.nspname = n.nspname
    WHERE CASE WHEN q.schema_name IS NULL THEN sp.pos IS NOT NULL ELSE n.nspname = q.schema_name END
    ORDER BY q.ord, sp.pos
  )
  SELECT
    pg_catalog.current_schema()::text AS default_schema,
    r.ord, r.oid::text AS oid, r.nspname::text AS schema_name, r.relname::text AS object_name, r.relkind::text AS relkind,
    a.attnum::int AS attnum, a.attname::text AS column_name,
    pg_catalog.format_type(a.atttypid, a.atttypmod) AS db_type,
    a.attnotnull AS not_null, a.atthasdef AS has_default, a.attidentity::text AS identity, a.attgenerated::text AS generated,
    pg_catalog.pg_get_expr(d.adbin, d.adrelid) AS default_expression,
    bt.typname::text AS base_type, bt.typcategory::text AS base_category,
    CASE WHEN bt.typname IN ('varchar', 'bpchar') AND COALESCE(NULLIF(a.atttypmod, -1), bt.typmod) > 4
         THEN COALESCE(NULLIF(a.atttypmod, -1), bt.typmod) - 4 END AS max_length
  FROM (SELECT 1) AS one
  LEFT JOIN resolved AS r ON true
  LEFT JOIN pg_catalog.pg_attribute AS a ON a.attrelid = r.oid AND a.attnum > 0 AND NOT a.attisdropped
  LEFT JOIN pg_catalog.pg_attrdef AS d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
  LEFT JOIN LATERAL (
    WITH RECURSIVE chain AS (
      SELECT t.typname, t.typcategory, t.typtype, t.typbasetype, t.typtypmod, 0 AS depth
      FROM pg_catalog.pg_type AS t WHERE t.oid = a.atttypid
      UNION ALL
      SELECT b.typname, b.typcategory, b.typtype, b.typbasetype, b.typtypmod, chain.depth + 1
      FROM chain JOIN pg_catalog.pg_type AS b ON b.oid = chain.typbasetype
      WHERE chain.typtype = 'd'
    )
    SELECT last.typname, last.typcategory,
      (SELECT c2.typtypmod FROM chain AS c2 WHERE c2.typtypmod > 0 ORDER BY c2.depth LIMIT 1) AS typmod
    FROM chain AS last ORDER BY last.depth DESC LIMIT 1
  ) AS bt ON true
  ORDER BY r.ord, a.attnum
`

/**
 * Primary key (`p`), unique (`u`) and foreign key (`f`) constraints, plus unique indexes (`i`) without predicate or
 * expressions that no constraint owns, for the relation oids in `$1`. Column lists are in key order; a foreign
 * key's `referenced_columns` pair with its `columns` by position. Constraints inherited by partitions are skipped.
 */
export const POSTGRES_CONSTRAINTS_SQL = `
  SELECT con.conrelid::text AS oid, con.contype::text AS kind, con.conname::text AS name,
    ARRAY(
      SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, pos)
      JOIN pg_catalog.pg_attribute AS a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
      ORDER BY k.pos
    ) AS columns,
    rn.nspname::text AS referenced_schema, rc.relname::text AS referenced_name,
    ARRAY(
      SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, pos)
      JOIN pg_catalog.pg_attribute AS a ON a.attrelid = con.confrelid AND a.attnum = k.attnum
      ORDER BY k.pos
    ) AS referenced_columns
  FROM pg_catalog.pg_constraint AS con
  LEFT JOIN pg_catalog.pg_class AS rc ON rc.oid = con.confrelid
  LEFT JOIN pg_catalog.pg_namespace AS rn ON rn.oid = rc.relnamespace
  WHERE con.conrelid = ANY ($1::oid[]) AND con.contype IN ('p', 'u', 'f') AND con.conparentid = 0
  UNION ALL
  SELECT i.indrelid::text, 'i', ic.relname::text,
    ARRAY(
      SELECT a.attname::text FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, pos)
      JOIN pg_catalog.pg_attribute AS a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
      WHERE k.pos <= i.indnkeyatts
      ORDER BY k.pos
    ),
    NULL, NULL, NULL
  FROM pg_catalog.pg_index AS i
  JOIN pg_catalog.pg_class AS ic ON ic.oid = i.indexrelid
  WHERE i.indrelid = ANY ($1::oid[]) AND i.indisunique AND NOT i.indisprimary
    AND i.indpred IS NULL AND i.indexprs IS NULL
    AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_constraint AS c WHERE c.conindid = i.indexrelid AND c.contype IN ('p', 'u'))
  ORDER BY 1, 2, 3
`

/**
 * Every table `autoentities` may match (see `Introspector.listTables`), one row each: ordinary and partitioned
 * tables (not their partitions), in every schema but the system ones (`pg_catalog`, `information_schema`, TOAST and
 * temporary schemas), without tables an extension owns (PostGIS's `spatial_ref_sys` …) or temporary tables.
 */
export const POSTGRES_TABLES_SQL = `
  SELECT n.nspname::text AS schema_name, c.relname::text AS object_name,
    EXISTS (SELECT 1 FROM pg_catalog.pg_constraint AS con WHERE con.conrelid = c.oid AND con.contype = 'p') AS has_primary_key
  FROM pg_catalog.pg_class AS c
  JOIN pg_catalog.pg_namespace AS n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relpersistence <> 't'
    AND n.nspname NOT IN ('pg_catalog', 'information_schema')
    AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp\\_%'
    AND NOT EXISTS (
      SELECT 1 FROM pg_catalog.pg_depend AS d
      WHERE d.classid = 'pg_catalog.pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e'
    )
  ORDER BY 1, 2
`
