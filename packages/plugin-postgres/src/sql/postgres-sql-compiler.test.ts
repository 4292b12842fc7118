import { describe, expect, it } from 'vitest'
import type { ColumnRef, SelectPlan } from '@sluice/core'
import { PostgresSqlCompiler } from './postgres-sql-compiler.js'

const col = (column: string): ColumnRef => ({ kind: 'column', table: 't', column })
const table = { name: { schema: 'public', name: 'books' }, alias: 't' }
const columns = [
  { name: 'id', column: col('id'), type: 'int' as const },
  { name: 'publishedOn', column: col('published'), type: 'date' as const },
  { name: 'cover', column: col('cover'), type: 'bytes' as const },
]

describe('PostgresSqlCompiler', () => {
  const compiler = new PostgresSqlCompiler()

  it('compiles a by-key read to one row of JSON built by PostgreSQL', () => {
    const plan: SelectPlan = {
      kind: 'select', shapeKey: 'k', table, columns, orderBy: [], result: { mode: 'single' },
      where: { kind: 'compare', left: col('id'), op: 'eq', right: { kind: 'param', index: 0 } },
      parameters: [{ value: 5, type: 'int' }],
    }
    const compiled = compiler.compile(plan)
    expect(compiled.sql).toBe(
      'SELECT row_to_json("sluice:r")::text AS "data" FROM "public"."books" AS "t" CROSS JOIN LATERAL '
      + `(SELECT "t"."id" AS "id", "t"."published" AS "publishedOn", encode("t"."cover", 'base64') AS "cover") AS "sluice:r" WHERE "t"."id" = $1 LIMIT 1`,
    )
    expect(compiler.bindParameters(plan, compiled)).toEqual([5])
  })

  it('compiles a page to one row holding the JSON array, whether more rows exist, and the cursor', () => {
    const plan: SelectPlan = {
      kind: 'select', shapeKey: 'k', table, columns: columns.slice(0, 2),
      where: {
        kind: 'and', items: [
          { kind: 'like', operand: col('title'), pattern: { kind: 'param', index: 0 }, negated: false },
          { kind: 'or', items: [{ kind: 'isNull', operand: col('published'), negated: true }, { kind: 'constant', value: false }] },
        ],
      },
      orderBy: [{ column: col('published'), direction: 'desc', nullable: true }, { column: col('id'), direction: 'asc', nullable: false }],
      result: { mode: 'page', limit: { kind: 'param', index: 1 }, fetch: { kind: 'param', index: 2 }, cursorColumns: [col('published'), col('id')] },
      parameters: [{ value: '%a\\_%', type: 'string' }, { value: 10, type: 'long' }, { value: 11, type: 'long' }],
    }
    expect(compiler.compile(plan).sql).toBe(
      'SELECT (json_agg(s."sluice:r") FILTER (WHERE s.n <= $2))::text AS "data", count(*) > $2 AS "more", '
      + 'min(json_build_array(s.c0::text, s.c1::text)::text) FILTER (WHERE s.n = $2) AS "cursor" FROM ('
      + 'SELECT "sluice:r", row_number() OVER () AS n, "t"."published" AS c0, "t"."id" AS c1 FROM ('
      + `SELECT "t"."id", "t"."published" FROM "public"."books" AS "t" WHERE "t"."title" LIKE $1 ESCAPE '\\' AND ("t"."published" IS NOT NULL OR 1=0) `
      + 'ORDER BY "t"."published" DESC NULLS LAST, "t"."id" ASC LIMIT $3) AS "t" '
      + 'CROSS JOIN LATERAL (SELECT "t"."id" AS "id", "t"."published" AS "publishedOn") AS "sluice:r") AS s',
    )
  })

  it('quotes identifiers and API names that contain quotes', () => {
    const plan: SelectPlan = {
      kind: 'select', shapeKey: 'k', table: { name: { schema: 'we"ird', name: 'x' }, alias: 't' },
      columns: [{ name: 'a"b', column: col('c"d'), type: 'string' }], where: undefined, orderBy: [], result: { mode: 'single' }, parameters: [],
    }
    expect(compiler.compile(plan).sql).toContain('"we""ird"."x"')
    expect(compiler.compile(plan).sql).toContain('"t"."c""d" AS "a""b"')
  })
})
