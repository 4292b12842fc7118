import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'
import { dataOf, errorMessages, graphql } from './graphql-helpers.js'

/** Plain SQL over the sample's seed, through the server's own driver (the oracle for the aggregates). */
async function sql(library: ReturnType<typeof useLibraryServer>, text: string): Promise<any[]> {
  return (
    await library.server.sluice.driver.execute({ sql: text, parameters: [], name: undefined }, {
      signal: undefined,
    } as never)
  ).rows as any[]
}

describe('GraphQL aggregation (groupBy, Data API builder 2.x)', () => {
  const library = useLibraryServer({
    entities: {
      Author: {
        permissions: [
          { role: 'anonymous', actions: [{ action: 'read', fields: { exclude: ['email', 'birthYear'] } }] },
          { role: 'authenticated', actions: ['read'] },
        ],
      },
    },
  })

  it('groups by fields and computes count, sum, avg, min, max per group, ordered by the group fields', async () => {
    const data = dataOf(
      await graphql(
        library,
        `
          {
            books {
              groupBy(fields: [publisher_id]) {
                fields {
                  publisher_id
                }
                aggregations {
                  count(field: id)
                  total: sum(field: pages)
                  avg(field: pages)
                  cheapest: min(field: price)
                  max(field: price)
                }
              }
            }
          }
        `,
      ),
    )
    const expected = await sql(
      library,
      `select publisher_id, count(id)::int as count, sum(pages)::float as total, avg(pages)::float as avg,
      min(price)::float as cheapest, max(price)::float as max from books group by publisher_id order by publisher_id`,
    )
    expect(data.books.groupBy).toHaveLength(expected.length)
    data.books.groupBy.forEach((group: any, i: number) => {
      const row = expected[i]
      expect(group.fields).toEqual({ publisher_id: row.publisher_id })
      expect(group.aggregations.count).toBe(row.count)
      expect(group.aggregations.total).toBeCloseTo(row.total)
      expect(group.aggregations.avg).toBeCloseTo(row.avg)
      expect(group.aggregations.cheapest).toBeCloseTo(row.cheapest)
      expect(group.aggregations.max).toBeCloseTo(row.max)
    })
  })

  it('aggregates all filtered rows as one group without fields, with distinct and having', async () => {
    const data = dataOf(
      await graphql(
        library,
        `
          {
            books(filter: { inPrint: { eq: true } }) {
              groupBy {
                aggregations {
                  count(field: id)
                  publishers: count(field: publisher_id, distinct: true)
                }
              }
            }
          }
        `,
      ),
    )
    const [row] = await sql(
      library,
      'select count(id)::int as c, count(distinct publisher_id)::int as p from books where in_print',
    )
    expect(data.books.groupBy).toEqual([{ aggregations: { count: row.c, publishers: row.p } }])
    const having = dataOf(
      await graphql(
        library,
        `
          {
            books {
              groupBy(fields: [publisher_id]) {
                fields {
                  publisher_id
                }
                aggregations {
                  count(field: id, having: { gt: 8 })
                }
              }
            }
          }
        `,
      ),
    )
    const big = await sql(
      library,
      'select publisher_id, count(id)::int as count from books group by publisher_id having count(id) > 8 order by publisher_id',
    )
    expect(having.books.groupBy).toEqual(
      big.map((r) => ({ fields: { publisher_id: r.publisher_id }, aggregations: { count: r.count } })),
    )
  })

  it('generates the aggregation types', async () => {
    const scalar = dataOf(
      await graphql(library, '{ __type(name: "BookNumericAggregateFields") { enumValues { name } } }'),
    ).__type
    expect(scalar.enumValues.map((v: any) => v.name)).toEqual(['id', 'publisher_id', 'price', 'pages'])
    const aggregations = dataOf(
      await graphql(library, '{ __type(name: "BookAggregations") { fields { name args { name } } } }'),
    ).__type
    expect(aggregations.fields.map((f: any) => f.name)).toEqual(['max', 'min', 'avg', 'sum', 'count'])
    expect(aggregations.fields[0].args.map((a: any) => a.name)).toEqual(['field', 'having', 'distinct'])
  })

  it('refuses to group or aggregate a field the role may not read', async () => {
    const response = await graphql(
      library,
      '{ authors { groupBy(fields: [email]) { aggregations { count(field: id) } } } }',
    )
    expect(response.status).toBe(200)
    expect(response.body.data).toEqual({ authors: null })
    expect(errorMessages(response)[0]).toMatch(/email/)
    const counted = await graphql(library, '{ authors { groupBy { aggregations { count(field: birthYear) } } } }')
    expect(counted.body.data).toEqual({ authors: null })
    expect(errorMessages(counted)[0]).toMatch(/birthYear/)
    const permitted = dataOf(
      await graphql(library, '{ authors { groupBy { aggregations { count(field: birthYear) } } } }', {
        role: 'authenticated',
      }),
    )
    expect(permitted.authors.groupBy).toHaveLength(1)
  })
})

describe('GraphQL aggregation switched off', () => {
  const library = useLibraryServer({ runtime: { graphql: { 'enable-aggregation': false } } })
  it('has no groupBy field', async () => {
    const response = await graphql(library, '{ books { groupBy { aggregations { count(field: id) } } } }')
    expect(response.status).toBe(400)
    expect(errorMessages(response)).toEqual(['Cannot query field "groupBy" on type "BookConnection".'])
  })
})
