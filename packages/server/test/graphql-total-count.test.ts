import { describe, expect, it } from 'vitest'
import { dataOf, graphql, restRows } from './graphql-helpers.js'
import { query, useLibraryServer } from './support/library-test-server.js'

// `recent` reads books published since 2000 only: its totals must say so.
const library = useLibraryServer({
  runtime: { host: { mode: 'development' } },
  entities: {
    Book: {
      permissions: [
        { role: 'anonymous', actions: ['read'] },
        { role: 'recent', actions: [{ action: 'read', policy: { database: '@item.publishedOn ge 2000-01-01' } }] },
      ],
    },
  },
})
const restCount = async (url: string, role?: string): Promise<number> => (await restRows(library, url, role)).length

describe('GraphQL totalCount', () => {
  it('counts every record matching the filter, whatever first and after', async () => {
    const expected = await restCount(`/api/Book${query({ $filter: 'pages gt 300', $first: -1 })}`)
    const page = dataOf(
      await graphql(
        library,
        '{ books(first: 3, filter: { pages: { gt: 300 } }) { totalCount items { id } hasNextPage endCursor } }',
      ),
    ).books
    expect(page.totalCount).toBe(expected)
    expect(page.items).toHaveLength(3)
    const next = dataOf(
      await graphql(
        library,
        'query($a: String) { books(first: 3, after: $a, filter: { pages: { gt: 300 } }) { items { id } totalCount } }',
        { variables: { a: page.endCursor } },
      ),
    ).books
    expect(next.totalCount).toBe(expected)
  })

  it('answers the same through the general executor (aliases, __typename, fragments)', async () => {
    const expected = await restCount('/api/Book?$first=-1')
    const data = dataOf(
      await graphql(
        library,
        '{ all: books(first: 1) { n: totalCount __typename ...F } } fragment F on BookConnection { total: totalCount }',
      ),
    )
    expect(data.all).toEqual({ n: expected, __typename: 'BookConnection', total: expected })
  })

  it("counts only what the role's row policy lets it read", async () => {
    const expected = await restCount('/api/Book?$first=-1', 'recent')
    const data = dataOf(await graphql(library, '{ books(first: 1) { totalCount } }', { role: 'recent' }))
    expect(data.books.totalCount).toBe(expected)
    expect(expected).toBeLessThan(await restCount('/api/Book?$first=-1'))
  })

  it('counts nested connections per parent, in the same statement', async () => {
    const data = dataOf(
      await graphql(
        library,
        '{ publishers(first: 20, orderBy: { id: ASC }) { items { id books(first: 1, filter: { inPrint: { eq: true } }) { totalCount items { id } } } } }',
      ),
    )
    for (const publisher of data.publishers.items) {
      const expected = await restCount(
        `/api/Book${query({ $filter: `publisher_id eq ${publisher.id} and inPrint eq true`, $first: -1 })}`,
      )
      expect(publisher.books.totalCount, `publisher ${publisher.id}`).toBe(expected)
      expect(publisher.books.items.length).toBe(Math.min(1, expected))
    }
  })

  it('is offered on every connection type', async () => {
    const types = dataOf(
      await graphql(library, '{ __type(name: "AuthorConnection") { fields { name type { kind ofType { name } } } } }'),
    )
    expect(types.__type.fields).toContainEqual({
      name: 'totalCount',
      type: { kind: 'NON_NULL', ofType: { name: 'Int' } },
    })
  })
})
