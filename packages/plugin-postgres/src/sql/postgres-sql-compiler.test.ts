import { describe, expect, it } from 'vitest'
import type { ColumnRef, SelectPlan } from '@sluice/core/dialect'
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
      kind: 'select',
      shapeKey: 'k',
      table,
      columns,
      orderBy: [],
      result: { mode: 'single' },
      where: { kind: 'compare', left: col('id'), op: 'eq', right: { kind: 'param', index: 0 } },
      parameters: [{ value: 5, type: 'int' }],
    }
    const compiled = compiler.compile(plan)
    expect(compiled.sql).toBe(
      'SELECT row_to_json("sluice:r")::text AS "data" FROM "public"."books" AS "t" CROSS JOIN LATERAL ' +
        `(SELECT "t"."id" AS "id", "t"."published" AS "publishedOn", encode("t"."cover", 'base64') AS "cover") AS "sluice:r" WHERE "t"."id" = $1 LIMIT 1`,
    )
    expect(compiler.bindParameters(plan, compiled)).toEqual([5])
  })

  const pagePlan = (output: SelectPlan['columns']): SelectPlan => ({
    kind: 'select',
    shapeKey: 'k',
    table,
    columns: output,
    where: {
      kind: 'and',
      items: [
        { kind: 'like', operand: col('title'), pattern: { kind: 'param', index: 0 }, negated: false },
        {
          kind: 'or',
          items: [
            { kind: 'isNull', operand: col('published'), negated: true },
            { kind: 'constant', value: false },
          ],
        },
      ],
    },
    orderBy: [
      { column: col('published'), direction: 'desc', nullable: true },
      { column: col('id'), direction: 'asc', nullable: false },
    ],
    result: { mode: 'page', limit: 10, fetch: 11, cursorColumns: [col('published'), col('id')] },
    parameters: [{ value: '%a\\_%', type: 'string' }],
  })
  const rows =
    `FROM "public"."books" AS "t" WHERE "t"."title" LIKE $1 ESCAPE '\\' AND ("t"."published" IS NOT NULL OR 1=0) ` +
    'ORDER BY "t"."published" DESC NULLS LAST, "t"."id" ASC LIMIT 11'

  it('compiles a page to one row holding the JSON array of up to limit + 1 records', () => {
    expect(compiler.compile(pagePlan(columns.slice(0, 2))).sql).toBe(
      `SELECT json_agg(p)::text AS "data" FROM (SELECT "t"."id" AS "id", "t"."published" AS "publishedOn" ${rows}) AS p`,
    )
  })

  it('returns cursor values itself for types whose JSON form is not exact', () => {
    const plan = pagePlan([{ name: 'id', column: col('id'), type: 'long' }, columns[1]!])
    expect(compiler.compile(plan).sql).toBe(
      'SELECT json_agg(p)::text AS "data", json_build_array((array_agg(p."publishedOn"::text))[10], (array_agg(p."id"::text))[10])::text AS "cursor" ' +
        `FROM (SELECT "t"."id" AS "id", "t"."published" AS "publishedOn" ${rows}) AS p`,
    )
  })

  it('carries ordering columns that are not in the output beside the record', () => {
    expect(compiler.compile(pagePlan([columns[0]!])).sql).toBe(
      'SELECT json_agg(s."sluice:r")::text AS "data", ' +
        'json_build_array((array_agg(s.c0::text))[10], (array_agg(s.c1::text))[10])::text AS "cursor" ' +
        `FROM (SELECT "sluice:r", "t"."published" AS c0, "t"."id" AS c1 FROM (SELECT "t"."id", "t"."published" ${rows}) AS "t" ` +
        'CROSS JOIN LATERAL (SELECT "t"."id" AS "id") AS "sluice:r") AS s',
    )
  })

  it('quotes identifiers and API names that contain quotes', () => {
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table: { name: { schema: 'we"ird', name: 'x' }, alias: 't' },
      columns: [{ name: 'a"b', column: col('c"d'), type: 'string' }],
      where: undefined,
      orderBy: [],
      result: { mode: 'single' },
      parameters: [],
    }
    expect(compiler.compile(plan).sql).toContain('"we""ird"."x"')
    expect(compiler.compile(plan).sql).toContain('"t"."c""d" AS "a""b"')
  })
})
