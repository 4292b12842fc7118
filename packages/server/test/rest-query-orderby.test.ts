import { describe, expect, it } from 'vitest'
import { isErrorEnvelope, query, useLibraryServer, type JsonResponse } from './support/library-test-server.js'

function expectBadOrderBy(response: JsonResponse, message: RegExp): void {
  expect(response.status).toBe(400)
  expect(isErrorEnvelope(response)).toBe(true)
  expect(response.body.error.code).toBe('Bad Request')
  expect(response.body.error.message).toMatch(message)
}

describe('$orderby', () => {
  const library = useLibraryServer()
  const read = async (
    entity: string,
    params: Record<string, string | number>,
    role?: string,
  ): Promise<Record<string, unknown>[]> => {
    const response = await library.request(`/api/${entity}${query({ $first: -1, ...params })}`, { role })
    expect(response.status, response.text).toBe(200)
    return response.body.value
  }

  it('orders by the primary key by default', async () => {
    const authors = await read('Author', { $select: 'id' })
    expect(authors.map((a) => a.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))
  })

  it('orders ascending without a direction and with asc', async () => {
    const plain = await read('Book', { $select: 'id,pages', $orderby: 'pages' })
    const asc = await read('Book', { $select: 'id,pages', $orderby: 'pages asc' })
    expect(asc).toEqual(plain)
    const pages = plain.map((b) => b.pages as number | null).filter((p): p is number => p !== null)
    expect(pages).toEqual([...pages].sort((a, b) => a - b))
  })

  it('orders descending with desc', async () => {
    const books = await read('Book', { $select: 'id,pages', $orderby: 'pages desc' })
    const pages = books.map((b) => b.pages as number | null).filter((p): p is number => p !== null)
    expect(pages).toEqual([...pages].sort((a, b) => b - a))
    expect(books[0]).toEqual({ id: 12, pages: 720 })
  })

  it('puts NULLs first ascending and last descending (NULL is the lowest value)', async () => {
    const asc = await read('Author', { $select: 'id,birthYear', $orderby: 'birthYear' })
    expect(asc.slice(0, 2)).toEqual([
      { id: 17, birthYear: null },
      { id: 29, birthYear: null },
    ])
    const desc = await read('Author', { $select: 'id,birthYear', $orderby: 'birthYear desc' })
    expect(desc.slice(-2)).toEqual([
      { id: 17, birthYear: null },
      { id: 29, birthYear: null },
    ])
  })

  it('appends the primary key ascending as a tie-breaker, whatever the direction of the named field', async () => {
    const asc = await read('Author', { $select: 'id', $filter: 'birthYear eq 1970', $orderby: 'birthYear' })
    expect(asc.map((a) => a.id)).toEqual([4, 5, 7, 14])
    const desc = await read('Author', { $select: 'id', $filter: 'birthYear eq 1970', $orderby: 'birthYear desc' })
    expect(desc.map((a) => a.id)).toEqual([4, 5, 7, 14])
    const twins = await read('Book', { $select: 'id', $filter: "title eq 'Deep Water'", $orderby: 'title desc' })
    expect(twins.map((b) => b.id)).toEqual([45, 52])
    const alexes = await read('Author', { $select: 'id', $filter: "name eq 'Alex Morgan'", $orderby: 'name desc' })
    expect(alexes.map((a) => a.id)).toEqual([27, 28])
  })

  it('orders by several fields, each with its own direction', async () => {
    const authors = await read('Author', {
      $select: 'id,birthYear',
      $filter: 'birthYear ge 1970 and birthYear le 1985',
      $orderby: 'birthYear desc,name asc',
    })
    expect(authors.slice(0, 4).map((a) => a.id)).toEqual([28, 15, 18, 10]) // 1985: Alex Morgan (28), Olivia Chen, Rosa Delgado; then 1984
    const byYearThenNameDesc = await read('Author', {
      $select: 'id',
      $filter: 'birthYear eq 1970',
      $orderby: 'birthYear, name desc',
    })
    expect(byYearThenNameDesc.map((a) => a.id)).toEqual([14, 7, 5, 4])
  })

  it('accepts spaces around commas and field names', async () => {
    const spaced = await read('Author', { $select: 'id', $orderby: ' birthYear  desc ,  name ' })
    const tight = await read('Author', { $select: 'id', $orderby: 'birthYear desc,name' })
    expect(spaced).toEqual(tight)
  })

  it('orders a composite-key entity by a payload field, then by both key columns', async () => {
    const rows = await read('BookAuthor', { $filter: 'royalty_percentage eq 10', $orderby: 'royalty_percentage desc' })
    const keys = rows.map((r) => [r.book_id as number, r.author_id as number])
    expect(keys).toEqual([...keys].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!))
  })

  it('accepts a field name in single quotes', async () => {
    const quoted = await read('Book', { $select: 'id', $orderby: "'title' desc" })
    const plain = await read('Book', { $select: 'id', $orderby: 'title desc' })
    expect(quoted).toEqual(plain)
  })

  it('orders by aliased names, on tables and views', async () => {
    const books = await read('Book', {
      $select: 'id,publishedOn',
      $orderby: 'publishedOn desc',
      $filter: 'publishedOn ne null',
    })
    expect(books[0]).toEqual({ id: 57, publishedOn: '2024-11-05' })
    const details = await read('BookDetail', { $select: 'id,authorCount', $orderby: 'authorCount desc' })
    expect(details.slice(0, 3).map((d) => d.id)).toEqual([12, 14, 35])
  })

  it('rejects the raw column name of an aliased field', async () => {
    expectBadOrderBy(await library.request('/api/Book?$orderby=published'), /Invalid field 'published' in \$orderby/)
  })

  it('rejects an unknown field, also in quotes, and matches names case-sensitively', async () => {
    expectBadOrderBy(await library.request('/api/Book?$orderby=nope'), /Invalid field 'nope' in \$orderby/)
    expectBadOrderBy(
      await library.request(`/api/Book${query({ $orderby: "'it''s' desc" })}`),
      /Invalid field 'it's' in \$orderby/,
    )
    expectBadOrderBy(await library.request('/api/Book?$orderby=Title'), /Invalid field 'Title' in \$orderby/)
  })

  it('rejects ordering by a field the role may not read', async () => {
    expectBadOrderBy(await library.request('/api/Author?$orderby=email'), /Invalid field 'email' in \$orderby/)
    expect((await read('Author', { $orderby: 'email', $select: 'id' }, 'authenticated')).length).toBe(30)
  })

  it.each<[string, RegExp]>([
    ['title random', /position 7 .*'random'/],
    ['title DESC', /position 7 .*'DESC'/],
    ['title ascending', /position 7/],
    ['title desc desc', /position/],
    ['title,', /position 7/],
    [',title', /position 1/],
    ["'title", /position/],
    ["''", /position/],
  ])('rejects the malformed ordering %j with 400 naming the position', async (orderBy, message) => {
    expectBadOrderBy(await library.request(`/api/Book${query({ $orderby: orderBy })}`), message)
  })

  it('rejects a field named twice', async () => {
    expectBadOrderBy(await library.request('/api/Book?$orderby=title,title%20desc'), /title/)
  })
})
