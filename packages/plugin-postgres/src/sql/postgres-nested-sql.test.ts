import { describe, expect, it } from 'vitest'
import type { ColumnRef, NestedSelect, SelectPlan } from '@sluice/core/dialect'
import { PostgresSqlCompiler } from './postgres-sql-compiler.js'

const col = (table: string, column: string): ColumnRef => ({ kind: 'column', table, column })
const books = { name: { schema: 'public', name: 'books' }, alias: 't' }

const publisher: NestedSelect = {
  name: 'publisher',
  cardinality: 'one',
  table: { name: { schema: 'public', name: 'publishers' }, alias: 't_r1' },
  linking: undefined,
  join: { kind: 'compare', left: col('t', 'publisher_id'), op: 'eq', right: col('t_r1', 'id') },
  parentColumns: [col('t', 'publisher_id')],
  columns: [{ name: 'name', column: col('t_r1', 'name'), type: 'string' }],
  where: undefined,
  orderBy: [{ column: col('t_r1', 'id'), direction: 'asc', nullable: false }],
  page: undefined,
  relations: [],
}

const authors: NestedSelect = {
  name: 'writers',
  cardinality: 'many',
  table: { name: { schema: 'public', name: 'authors' }, alias: 't_r2' },
  linking: { name: { schema: 'public', name: 'book_authors' }, alias: 't_r2l' },
  join: {
    kind: 'and',
    items: [
      { kind: 'compare', left: col('t_r2l', 'book_id'), op: 'eq', right: col('t', 'id') },
      { kind: 'compare', left: col('t_r2l', 'author_id'), op: 'eq', right: col('t_r2', 'id') },
    ],
  },
  parentColumns: [col('t', 'id')],
  columns: [{ name: 'id', column: col('t_r2', 'id'), type: 'int' }],
  where: { kind: 'compare', left: col('t_r2', 'birth_year'), op: 'gt', right: { kind: 'param', index: 1 } },
  orderBy: [{ column: col('t_r2', 'id'), direction: 'asc', nullable: false }],
  page: { limit: 2, fetch: 3, cursorColumns: [col('t_r2', 'id')], cursor: 0 },
  relations: [],
}

const plan = (relations: NestedSelect[]): SelectPlan => ({
  kind: 'select',
  shapeKey: 'k',
  table: books,
  columns: [{ name: 'id', column: col('t', 'id'), type: 'int' }],
  where: { kind: 'compare', left: col('t', 'id'), op: 'eq', right: { kind: 'param', index: 0 } },
  orderBy: [],
  result: { mode: 'single' },
  relations,
  nestedCursors: {
    marker: { kind: 'param', index: 2 },
    value: 'm',
    cursors: [{ entity: 'Author', order: [{ name: 'id', direction: 'asc' }], conceal: false, signed: true }],
  },
  parameters: [
    { value: 1, type: 'int' },
    { value: 1970, type: 'int' },
    { value: 'm', type: 'string' },
  ],
})

describe('PostgreSQL nested relationships', () => {
  const compiler = new PostgresSqlCompiler()

  it('builds one and many (through a linking table) as correlated sub-queries of the one statement', () => {
    const sql = compiler.compile(plan([publisher, authors])).sql
    expect(sql).toBe(
      'SELECT row_to_json("sluice:r")::text AS "data" FROM "public"."books" AS "t" CROSS JOIN LATERAL (SELECT "t"."id" AS "id", ' +
        '(SELECT row_to_json("t_r1:r") FROM (SELECT "t_r1"."name" AS "name" FROM "public"."publishers" AS "t_r1" ' +
        'WHERE "t"."publisher_id" = "t_r1"."id" ORDER BY "t_r1"."id" ASC LIMIT 1) AS "t_r1:r") AS "publisher", ' +
        `(SELECT json_build_object('items', coalesce(array_to_json((array_agg(row_to_json(q)))[1:2]), '[]'::json), 'hasNextPage', count(*) > 2, ` +
        `'endCursor', CASE WHEN count(*) > 2 THEN $3::text || '0:' || json_build_array((array_agg(q."id"::text))[2])::text END) ` +
        'FROM (SELECT "t_r2"."id" AS "id" FROM "public"."book_authors" AS "t_r2l" CROSS JOIN LATERAL ' +
        '(SELECT * FROM "public"."authors" AS "t_r2" WHERE "t_r2l"."author_id" = "t_r2"."id" OFFSET 0) AS "t_r2" ' +
        'WHERE "t_r2l"."book_id" = "t"."id" AND "t_r2"."birth_year" > $2 ORDER BY "t_r2"."id" ASC LIMIT 3) AS q) AS "writers") AS "sluice:r" WHERE "t"."id" = $1 LIMIT 1',
    )
    // Nested JSON is compact: no json_agg inside, whose newlines would break the root page count.
    expect(sql.match(/json_agg/g)).toBeNull()
  })

  it('carries the ordering values beside a record built per row when the nested record does not output them', () => {
    const sql = compiler.compile(
      plan([{ ...authors, columns: [{ name: 'name', column: col('t_r2', 'name'), type: 'string' }] }]),
    ).sql
    expect(sql).toContain(
      `(SELECT json_build_object('items', coalesce(array_to_json((array_agg(q.j))[1:2]), '[]'::json), 'hasNextPage', count(*) > 2, ` +
        `'endCursor', CASE WHEN count(*) > 2 THEN $3::text || '0:' || json_build_array((array_agg(q.c0))[2])::text END) ` +
        'FROM (SELECT row_to_json("t_r2:r") AS j, "t_r2"."id"::text AS c0 FROM "public"."book_authors" AS "t_r2l" CROSS JOIN LATERAL ' +
        '(SELECT * FROM "public"."authors" AS "t_r2" WHERE "t_r2l"."author_id" = "t_r2"."id" OFFSET 0) AS "t_r2" ' +
        'CROSS JOIN LATERAL (SELECT "t_r2"."name" AS "name") AS "t_r2:r" WHERE "t_r2l"."book_id" = "t"."id" ' +
        'AND "t_r2"."birth_year" > $2 ORDER BY "t_r2"."id" ASC LIMIT 3) AS q)',
    )
  })

  it('writes {items} alone from limit rows, with no look-ahead row and no marker, when the caller reads no paging value', () => {
    const sql = compiler.compile({
      ...plan([{ ...authors, page: { ...authors.page!, pageInfo: false } }]),
      nestedCursors: undefined,
    }).sql
    expect(sql).toContain(
      `(SELECT json_build_object('items', coalesce(array_to_json(array_agg(row_to_json(q))), '[]'::json)) ` +
        'FROM (SELECT "t_r2"."id" AS "id" FROM "public"."book_authors" AS "t_r2l" CROSS JOIN LATERAL ' +
        '(SELECT * FROM "public"."authors" AS "t_r2" WHERE "t_r2l"."author_id" = "t_r2"."id" OFFSET 0) AS "t_r2" ' +
        'WHERE "t_r2l"."book_id" = "t"."id" AND "t_r2"."birth_year" > $2 ORDER BY "t_r2"."id" ASC LIMIT 2) AS q)',
    )
    expect(sql).not.toMatch(/endCursor|hasNextPage|\$3/)
  })

  it('writes a complete page as the items array alone, and the connection object only when more rows exist, for a caller that asks', () => {
    const sql = compiler.compile(plan([{ ...authors, page: { ...authors.page!, arrayWhenComplete: true } }])).sql
    expect(sql).toContain(
      `(SELECT CASE WHEN count(*) > 2 THEN json_build_object('items', array_to_json((array_agg(row_to_json(q)))[1:2]), 'hasNextPage', true, ` +
        `'endCursor', $3::text || '0:' || json_build_array((array_agg(q."id"::text))[2])::text) ELSE coalesce(array_to_json(array_agg(row_to_json(q))), '[]'::json) END ` +
        'FROM (SELECT "t_r2"."id" AS "id" FROM "public"."book_authors" AS "t_r2l" CROSS JOIN LATERAL ',
    )
    // A counted page keeps the connection object: its count is a member of it.
    const counted = compiler.compile(
      plan([{ ...authors, page: { ...authors.page!, arrayWhenComplete: true }, count: { where: undefined } }]),
    ).sql
    expect(counted).not.toContain('CASE WHEN count(*) > 2 THEN json_build_object')
    expect(counted).toContain(
      `(SELECT json_build_object('items', coalesce(array_to_json((array_agg(row_to_json(q)))[1:2]), '[]'::json), 'hasNextPage', count(*) > 2, `,
    )
  })

  it('counts a many-to-many through the same linking rows and lookups as its page', () => {
    const sql = compiler.compile(plan([{ ...authors, count: { where: undefined } }])).sql
    expect(sql).toContain(
      `'totalCount', (SELECT COUNT(*) FROM "public"."book_authors" AS "t_r2l" CROSS JOIN LATERAL ` +
        '(SELECT * FROM "public"."authors" AS "t_r2" WHERE "t_r2l"."author_id" = "t_r2"."id" OFFSET 0) AS "t_r2" WHERE "t_r2l"."book_id" = "t"."id")',
    )
  })

  it('keeps the parent join columns when a page carries only some columns', () => {
    const page: SelectPlan = {
      ...plan([publisher]),
      columns: [{ name: 'title', column: col('t', 'title'), type: 'string' }],
      where: undefined,
      orderBy: [{ column: col('t', 'id'), direction: 'asc', nullable: false }],
      result: { mode: 'page', limit: 5, fetch: 6, cursorColumns: [col('t', 'id')] },
    }
    expect(compiler.compile(page).sql).toContain(
      'FROM (SELECT "t"."title", "t"."id", "t"."publisher_id" FROM "public"."books" AS "t" ORDER BY "t"."id" ASC LIMIT 6)',
    )
  })

  it('compiles an aggregation to one JSON array of groups', () => {
    const aggregate: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table: books,
      columns: [],
      where: undefined,
      orderBy: [],
      result: { mode: 'single' },
      aggregate: {
        groupBy: [{ name: 'publisherId', column: col('t', 'publisher_id'), type: 'int' }],
        aggregations: [
          {
            name: 'n',
            function: 'count',
            column: col('t', 'price'),
            distinct: true,
            having: [{ op: 'gt', values: [{ kind: 'param', index: 0 }] }],
          },
        ],
        limit: 100,
        offset: undefined,
        order: [{ column: col('x', 'g0'), direction: 'asc', nullable: true }],
      },
      parameters: [{ value: 1, type: 'float' }],
    }
    expect(compiler.compile(aggregate).sql).toBe(
      `SELECT coalesce(array_to_json(array_agg(json_build_object('fields', json_build_object('publisherId', x.g0), 'aggregations', json_build_object('n', x.a0)) ` +
        `ORDER BY "x"."g0" ASC NULLS FIRST)), '[]'::json)::text AS "data" FROM (SELECT * FROM (SELECT "t"."publisher_id" AS "g0", count(DISTINCT "t"."price") AS "a0" ` +
        'FROM "public"."books" AS "t" GROUP BY "t"."publisher_id" HAVING (count(DISTINCT "t"."price"))::float8 > ($1)::float8) AS "x" ORDER BY "x"."g0" ASC NULLS FIRST LIMIT 100) AS x',
    )
  })
})
