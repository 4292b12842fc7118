/**
 * Resolves the requested stored-procedure entities to functions and procedures (`pg_proc.prokind` `f` or `p`), one
 * row per routine found, in one query however many there are. `$1` schemas (NULL = unqualified, resolved through
 * `current_schemas(false)`: the first schema on the path holding a routine of that name wins), `$2` routine names.
 * Every overload in that schema is returned with `overloads`, so the caller can refuse an ambiguous name.
 *
 * Per routine: `arguments` — every declared argument in order as JSON (`mode` i/o/b/v/t as `proargmodes` writes
 * them, `has_default` for the trailing input arguments `pronargdefaults` covers, the base type of domains), and
 * `composite_columns` — the attributes of a composite return type (`RETURNS SETOF books`). Always returns at least
 * one row so `default_schema` arrives even when nothing is found.
 */
export const POSTGRES_ROUTINES_SQL = `
  WITH requested AS (
    SELECT r.schema_name, r.object_name, r.ord::int AS ord
    FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS r(schema_name, object_name, ord)
  ), search_path AS (
    SELECT s.nspname, s.pos::int AS pos
    FROM unnest(pg_catalog.current_schemas(false)) WITH ORDINALITY AS s(nspname, pos)
  ), candidates AS (
    SELECT q.ord, p.oid, n.nspname, p.proname, p.prokind, p.proretset, p.prorettype, p.pronargs, p.pronargdefaults,
      p.proargnames, p.proargmodes, COALESCE(p.proallargtypes, p.proargtypes::oid[]) AS argtypes,
      dense_rank() OVER (PARTITION BY q.ord ORDER BY sp.pos) AS schema_rank
    FROM requested AS q
    JOIN pg_catalog.pg_proc AS p ON p.proname = q.object_name AND p.prokind IN ('f', 'p')
    JOIN pg_catalog.pg_namespace AS n ON n.oid = p.pronamespace
    LEFT JOIN search_path AS sp ON sp.nspname = n.nspname
    WHERE CASE WHEN q.schema_name IS NULL THEN sp.pos IS NOT NULL ELSE n.nspname = q.schema_name END
  ), chosen AS (
    SELECT c.*, count(*) OVER (PARTITION BY c.ord) AS overloads FROM candidates AS c WHERE c.schema_rank = 1
  )
  SELECT
    pg_catalog.current_schema()::text AS default_schema,
    c.ord, c.oid::text AS oid, c.nspname::text AS schema_name, c.proname::text AS object_name, c.prokind::text AS prokind,
    c.overloads::int AS overloads, c.proretset AS returns_set,
    pg_catalog.format_type(c.prorettype, NULL) AS return_type, rt.typtype::text AS return_typtype,
    rbt.typname::text AS return_base_type, rbt.typcategory::text AS return_base_category,
    (
      SELECT COALESCE(json_agg(json_build_object(
        'name', COALESCE(c.proargnames[a.pos], ''),
        'mode', a.mode,
        'db_type', pg_catalog.format_type(a.type, NULL),
        'base_type', COALESCE(ab.typname, at.typname),
        'base_category', COALESCE(ab.typcategory, at.typcategory),
        'has_default', a.mode IN ('i', 'b', 'v') AND a.input_pos > c.pronargs - c.pronargdefaults
      ) ORDER BY a.pos), '[]'::json)::text
      FROM (
        SELECT t.type, t.pos::int AS pos, COALESCE(c.proargmodes[t.pos], 'i')::text AS mode,
          count(*) FILTER (WHERE COALESCE(c.proargmodes[t.pos], 'i') IN ('i', 'b', 'v')) OVER (ORDER BY t.pos) AS input_pos
        FROM unnest(c.argtypes) WITH ORDINALITY AS t(type, pos)
      ) AS a
      JOIN pg_catalog.pg_type AS at ON at.oid = a.type
      LEFT JOIN pg_catalog.pg_type AS ab ON at.typtype = 'd' AND ab.oid = at.typbasetype
    ) AS arguments,
    (
      SELECT json_agg(json_build_object(
        'name', att.attname::text,
        'db_type', pg_catalog.format_type(att.atttypid, att.atttypmod),
        'base_type', COALESCE(cb.typname, ct.typname),
        'base_category', COALESCE(cb.typcategory, ct.typcategory)
      ) ORDER BY att.attnum)::text
      FROM pg_catalog.pg_attribute AS att
      JOIN pg_catalog.pg_type AS ct ON ct.oid = att.atttypid
      LEFT JOIN pg_catalog.pg_type AS cb ON ct.typtype = 'd' AND cb.oid = ct.typbasetype
      WHERE rt.typtype = 'c' AND att.attrelid = rt.typrelid AND att.attnum > 0 AND NOT att.attisdropped
    ) AS composite_columns
  FROM (SELECT 1) AS one
  LEFT JOIN chosen AS c ON true
  LEFT JOIN pg_catalog.pg_type AS rt ON rt.oid = c.prorettype
  LEFT JOIN pg_catalog.pg_type AS rbt ON rbt.oid = CASE WHEN rt.typtype = 'd' THEN rt.typbasetype ELSE rt.oid END
  ORDER BY c.ord, c.oid
`
