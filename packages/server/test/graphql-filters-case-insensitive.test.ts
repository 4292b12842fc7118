import { describe, expect, it } from 'vitest'
import { dataOf, errorMessages, graphql, restRows } from './graphql-helpers.js'
import { query, useLibraryServer } from './support/library-test-server.js'

describe('GraphQL caseInsensitive string filters', () => {
  const library = useLibraryServer()
  const titles = async (filter: string): Promise<number[]> =>
    dataOf(
      await graphql(library, `{ books(first: -1, filter: ${filter}, orderBy: { id: ASC }) { items { id } } }`),
    ).books.items.map((b: { id: number }) => b.id)
  const rest = async (filter: string): Promise<number[]> =>
    (await restRows(library, `/api/Book${query({ $filter: filter, $select: 'id', $first: -1 })}`)).map((b) => b.id)

  it.each([
    ['{ title: { eq: "DEEP water", caseInsensitive: true } }', "tolower(title) eq tolower('DEEP water')"],
    ['{ title: { neq: "DEEP water", caseInsensitive: true } }', "tolower(title) ne tolower('DEEP water')"],
    ['{ title: { contains: "WATER", caseInsensitive: true } }', "contains(tolower(title), tolower('WATER'))"],
    ['{ title: { notContains: "WATER", caseInsensitive: true } }', "not contains(tolower(title), tolower('WATER'))"],
    ['{ title: { startsWith: "the", caseInsensitive: true } }', "startswith(tolower(title), tolower('the'))"],
    ['{ title: { endsWith: "WATER", caseInsensitive: true } }', "endswith(tolower(title), tolower('WATER'))"],
    ['{ publisher: { name: { eq: "LIGHTHOUSE PRESS", caseInsensitive: true } } }', undefined],
  ])('%s gives the same rows as REST %s', async (filter, restFilter) => {
    const found = await titles(filter)
    if (restFilter !== undefined) expect(found).toEqual(await rest(restFilter))
    expect(found.length).toBeGreaterThan(0)
  })

  it('ignores case only when asked', async () => {
    expect(await titles('{ title: { eq: "DEEP WATER" } }')).toEqual([])
    expect(await titles('{ title: { eq: "DEEP WATER", caseInsensitive: false } }')).toEqual([])
    expect(await titles('{ title: { eq: "DEEP WATER", caseInsensitive: true } }')).toEqual(
      await rest("tolower(title) eq 'deep water'"),
    )
  })

  it('folds in lists', async () => {
    const found = await titles('{ title: { in: ["DEEP WATER", "it\'s COMPLICATED"], caseInsensitive: true } }')
    expect(found).toEqual(await rest("tolower(title) in ('deep water', 'it''s complicated')"))
  })

  it('offers the flag on String filters only', async () => {
    expect(
      errorMessages(
        await graphql(library, '{ books(filter: { id: { eq: 1, caseInsensitive: true } }) { items { id } } }'),
      ).join(),
    ).toContain('caseInsensitive')
  })
})
