import { describe, expect, it } from 'vitest'
import type { ColumnRef, NestedSelect, SelectPlan } from '@sluice/core/dialect'
import { PostgresSqlCompiler } from './postgres-sql-compiler.js'

const col = (table: string, column: string): ColumnRef => ({ kind: 'column', table, column })
const books = { name: { schema: 'public', name: 'books' }, alias: 't' }
const policy = { kind: 'compare', left: col('t', 'pages'), op: 'gt', right: { kind: 'param', index: 0 } } as const
const keyset = { kind: 'compare', left: col('t', 'id'), op: 'gt', right: { kind: 'param', index: 1 } } as const

const page = (mode: 'page' | 'stream'): SelectPlan => ({
  kind: 'select',
  shapeKey: 'k',
  table: books,
  columns: [{ name: 'id', column: col('t', 'id'), type: 'int' }],
  where: { kind: 'and', items: [policy, keyset] },
  orderBy: [{ column: col('t', 'id'), direction: 'asc', nullable: false }],
  result: { mode, limit: 2, fetch: 3, cursorColumns: [col('t', 'id')] },
  count: { where: policy },
  parameters: [
    { value: 100, type: 'int' },
    { value: '7', type: 'int' },
  ],
})

describe('PostgreSQL counts', () => {
  const compiler = new PostgresSqlCompiler()

  it('counts the rows the filter and policy admit (not the keyset) beside the page, in the same statement', () => {
    expect(compiler.compile(page('page')).sql).toBe(
      'SELECT json_agg(p)::text AS "data", (SELECT COUNT(*) FROM "public"."books" AS "t" WHERE "t"."pages" > $1) AS "count" ' +
        'FROM (SELECT "t"."id" AS "id" FROM "public"."books" AS "t" WHERE "t"."pages" > $1 AND "t"."id" > $2 ORDER BY "t"."id" ASC LIMIT 3) AS p',
    )
  })

  it('carries the count in every row of a streamed page', () => {
    expect(compiler.compile(page('stream')).sql).toBe(
      'SELECT row_to_json("sluice:r")::text AS "data", "t"."id"::text AS c0, (SELECT COUNT(*) FROM "public"."books" AS "t" WHERE "t"."pages" > $1) AS "count" ' +
        'FROM "public"."books" AS "t" CROSS JOIN LATERAL (SELECT "t"."id" AS "id") AS "sluice:r" WHERE "t"."pages" > $1 AND "t"."id" > $2 ORDER BY "t"."id" ASC LIMIT 3',
    )
  })

  it("adds totalCount to a nested connection: the parent's related rows through the join, policy and filter", () => {
    const reviews: NestedSelect = {
      name: 'reviews',
      cardinality: 'many',
      table: { name: { schema: 'public', name: 'reviews' }, alias: 't1' },
      linking: undefined,
      join: { kind: 'compare', left: col('t', 'id'), op: 'eq', right: col('t1', 'book_id') },
      parentColumns: [col('t', 'id')],
      columns: [{ name: 'id', column: col('t1', 'id'), type: 'int' }],
      where: { kind: 'compare', left: col('t1', 'id'), op: 'gt', right: { kind: 'param', index: 0 } },
      orderBy: [{ column: col('t1', 'id'), direction: 'asc', nullable: false }],
      page: { limit: 1, fetch: 2, cursorColumns: [col('t1', 'id')], cursor: 0 },
      relations: [],
      count: { where: undefined },
    }
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table: books,
      columns: [{ name: 'id', column: col('t', 'id'), type: 'int' }],
      where: undefined,
      orderBy: [],
      result: { mode: 'single' },
      relations: [reviews],
      nestedCursors: {
        marker: { kind: 'param', index: 1 },
        value: 'm',
        cursors: [{ entity: 'Review', order: [{ name: 'id', direction: 'asc' }], conceal: false, signed: true }],
      },
      parameters: [
        { value: '3', type: 'int' },
        { value: 'm', type: 'string' },
      ],
    }
    expect(compiler.compile(plan).sql).toContain(
      `'endCursor', CASE WHEN count(*) > 1 THEN $2::text || '0:' || json_build_array((array_agg(q."id"::text))[1])::text END, ` +
        `'totalCount', (SELECT COUNT(*) FROM "public"."reviews" AS "t1" WHERE "t"."id" = "t1"."book_id")) FROM (`,
    )
  })
})
