import { describe, expect, it } from 'vitest'
import { isErrorEnvelope, pathAndQuery, query, useLibraryServer } from './support/library-test-server.js'

// `books-from-2000` reads books published since 2000 only (a row policy): its counts must say so too.
const library = useLibraryServer({
  runtime: { host: { mode: 'development' } },
  entities: {
    Book: {
      permissions: [
        { role: 'anonymous', actions: ['read'] },
        {
          role: 'books-from-2000',
          actions: [{ action: 'read', policy: { database: '@item.publishedOn ge 2000-01-01' } }],
        },
      ],
    },
  },
})

async function all(url: string, role?: string): Promise<Array<Record<string, unknown>>> {
  const response = await library.request(url, { role })
  expect(response.status, response.text).toBe(200)
  return response.body.value
}

describe('REST $count=true', () => {
  it('puts the number of matching records ahead of the page, on every page', async () => {
    const total = (await all('/api/Book?$first=-1')).length
    const first = await library.request('/api/Book?$count=true&$first=7')
    expect(first.status).toBe(200)
    expect(Object.keys(first.body)).toEqual(['count', 'value', 'nextLink'])
    expect(first.body.count).toBe(total)
    expect(first.body.value).toHaveLength(7)
    expect(first.body.nextLink).toContain('$count=true')
    const second = await library.request(pathAndQuery(first.body.nextLink))
    expect(second.body.count).toBe(total)
    expect(second.body.value[0].id).not.toBe(first.body.value[0].id)
  })

  it.each([
    'pages gt 300',
    "contains(tolower(title), 'the')",
    'price eq null or inPrint eq false',
    'id in (1, 2, 3, 999)',
    'false',
  ])('counts what %s matches, whatever $first and $orderby say', async (filter) => {
    const expected = (await all(`/api/Book${query({ $filter: filter, $first: -1 })}`)).length
    const response = await library.request(
      `/api/Book${query({ $filter: filter, $count: 'true', $first: 2, $orderby: 'title desc', $select: 'title' })}`,
    )
    expect(response.status, response.text).toBe(200)
    expect(response.body.count).toBe(expected)
    expect(response.body.value.length).toBe(Math.min(2, expected))
  })

  it("counts only the rows the role's policy lets it read", async () => {
    const visible = (await all('/api/Book?$first=-1&$select=publishedOn')).filter(
      (b) => b['publishedOn'] !== null && String(b['publishedOn']) >= '2000-01-01',
    )
    const response = await library.request('/api/Book?$count=true&$first=1', { role: 'books-from-2000' })
    expect(response.body.count).toBe(visible.length)
    expect(visible.length).toBeLessThan((await all('/api/Book?$first=-1')).length)
  })

  it('leaves the count out for $count=false and when not asked', async () => {
    expect(Object.keys((await library.request('/api/Book?$count=false&$first=1')).body)).toEqual(['value', 'nextLink'])
    expect(Object.keys((await library.request('/api/Book?$first=1')).body)).toEqual(['value', 'nextLink'])
  })

  it('counts keyless views', async () => {
    const rows = (await all('/api/BookDetail?$first=-1')).length
    expect((await library.request('/api/BookDetail?$count=true&$first=3')).body.count).toBe(rows)
  })

  it.each([
    ['/api/Book?$count=yes', '$count=yes (expected true or false)'],
    ['/api/Book?$count=TRUE', '$count=TRUE (expected true or false)'],
    ['/api/Book?$count=true&$count=true', "Query parameter '$count' may be given only once."],
    ['/api/Book?$count=', "Query parameter '$count' needs a value."],
    ['/api/Book/id/1?$count=true', '$count (not supported with a primary key)'],
    ['/api/BooksByPublisher?$count=true&publisher=1', 'Contained unexpected fields: $count'],
  ])('refuses %s with a 400 envelope', async (url, message) => {
    const response = await library.request(url)
    expect(response.status, response.text).toBe(400)
    expect(isErrorEnvelope(response)).toBe(true)
    expect(response.body.error.message).toContain(message)
  })
})
