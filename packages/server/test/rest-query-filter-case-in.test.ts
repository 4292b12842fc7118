import { beforeAll, describe, expect, it } from 'vitest'
import { isErrorEnvelope, query, useLibraryServer } from './support/library-test-server.js'

interface Named {
  id: number
  name: string
}
interface Book {
  id: number
  title: string
}

// Row policies may fold case too: the `lighthouse press` role reads the publisher whose name is its own, in any case.
const library = useLibraryServer({
  entities: {
    Publisher: {
      permissions: [
        { role: 'anonymous', actions: ['read'] },
        {
          role: 'lighthouse press',
          actions: [{ action: 'read', policy: { database: 'tolower(@item.name) eq tolower(@claims.roles)' } }],
        },
      ],
    },
  },
})

async function ids(entity: string, filter: string, role?: string): Promise<number[]> {
  const response = await library.request(`/api/${entity}${query({ $filter: filter, $select: 'id', $first: -1 })}`, {
    role,
  })
  expect(response.status, `${filter}: ${response.text}`).toBe(200)
  return response.body.value.map((r: { id: number }) => r.id)
}

describe('$filter tolower() and toupper()', () => {
  let books: Book[] = []
  let authors: Named[] = []
  beforeAll(async () => {
    books = (await library.request('/api/Book?$first=-1&$select=id,title')).body.value as Book[]
    authors = (await library.request('/api/Author?$first=-1&$select=id,name')).body.value as Named[]
  })
  const bookIds = (p: (b: Book) => boolean) => books.filter(p).map((b) => b.id)

  it.each<[string, (b: Book) => boolean]>([
    ["tolower(title) eq 'deep water'", (b) => b.title.toLowerCase() === 'deep water'],
    ["toupper(title) eq 'DEEP WATER'", (b) => b.title.toUpperCase() === 'DEEP WATER'],
    ["'deep water' eq tolower(title)", (b) => b.title.toLowerCase() === 'deep water'],
    // OData: only the argument is folded, so an upper-case literal never equals a lower-cased title.
    ["tolower(title) eq 'Deep Water'", () => false],
    ["tolower(title) eq tolower('DEEP water')", (b) => b.title.toLowerCase() === 'deep water'],
    ["contains(tolower(title), 'water')", (b) => b.title.toLowerCase().includes('water')],
    ["contains(title, 'water')", (b) => b.title.includes('water')],
    ["startswith(toupper(title), toupper('the'))", (b) => b.title.toUpperCase().startsWith('THE')],
    ["not endswith(tolower(title), 'press')", (b) => !b.title.toLowerCase().endsWith('press')],
    [
      "tolower(title) in ('deep water', 'it''s complicated')",
      (b) => ['deep water', "it's complicated"].includes(b.title.toLowerCase()),
    ],
    ["tolower(title) gt 'x'", (b) => b.title.toLowerCase() > 'x'],
  ])('%s', async (filter, predicate) => {
    expect(await ids('Book', filter)).toEqual(bookIds(predicate))
  })

  it('folds non-ASCII letters too', async () => {
    expect(await ids('Publisher', "tolower(name) eq 'éditions du canal'")).toEqual([3])
    expect(await ids('Publisher', "contains(toupper(name), 'ÉDITIONS')")).toEqual([3])
  })

  it("applies a folded row policy with the caller's claims", async () => {
    expect(await ids('Publisher', 'true', 'lighthouse press')).toEqual([1])
    expect(await ids('Publisher', "contains(name, 'Press')", 'lighthouse press')).toEqual([1])
    expect(await ids('Publisher', "contains(name, 'Books')", 'lighthouse press')).toEqual([])
  })

  it('answers a string in list', async () => {
    const names = ['Alex Morgan', 'Ada Whitfield', 'Nobody']
    expect(await ids('Author', "name in ('Alex Morgan', 'Ada Whitfield', 'Nobody')")).toEqual(
      authors.filter((a) => names.includes(a.name)).map((a) => a.id),
    )
    expect(await ids('Author', "tolower(name) in ('alex morgan')")).toEqual(
      authors.filter((a) => a.name === 'Alex Morgan').map((a) => a.id),
    )
  })

  it.each([
    ["tolower(id) eq 'a'", "tolower() needs a text field; 'id' is"],
    ['tolower(pages) in (1)', "tolower() needs a text field; 'pages' is"],
    ['tolower(title) eq 5', "Invalid value 5 for field 'title' in $filter: expected a string"],
    ['tolower(title)', 'expected an operator'],
    ["tolower(5) eq 'a'", "tolower() expects a field or a string literal, found '5'"],
    ["ToLower(title) eq 'a'", "function names are lower-case: write 'tolower'"],
    ["tolower(secret) eq 'a'", "Invalid field 'secret' in $filter"],
  ])('refuses %s with a 400 envelope', async (filter, message) => {
    const response = await library.request(`/api/Book${query({ $filter: filter })}`)
    expect(response.status, response.text).toBe(400)
    expect(isErrorEnvelope(response)).toBe(true)
    expect(response.body.error.message).toContain(message)
  })
})

describe('$filter in lists are bounded', () => {
  const list = (n: number, from = 0) => Array.from({ length: n }, (_, i) => i + from).join(',')

  it('takes up to 1000 values, as parameters', async () => {
    const response = await library.request(
      `/api/Book${query({ $filter: `id in (${list(1000)})`, $select: 'id', $first: -1 })}`,
    )
    expect(response.status).toBe(200)
    expect(response.body.value).toHaveLength(60)
  })

  it.each([
    [`id in (${list(1001)})`, "an 'in' list may hold at most 1000 values"],
    [
      `id in (${list(600)}) or pages in (${list(401)})`,
      "the 'in' lists of one filter may hold at most 1000 values together",
    ],
  ])('refuses more with a 400 envelope (%#)', async (filter, message) => {
    const response = await library.request(`/api/Book${query({ $filter: filter })}`)
    expect(response.status).toBe(400)
    expect(isErrorEnvelope(response)).toBe(true)
    expect(response.body.error.message).toContain(message)
  })

  it('bounds GraphQL in lists the same way', async () => {
    const ids = Array.from({ length: 1001 }, (_, i) => i)
    const response = await library.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        query: 'query($ids: [Int]) { books(filter: { id: { in: $ids } }) { items { id } } }',
        variables: { ids },
      }),
    })
    expect(response.body.errors?.[0]?.message).toContain('at most 1000 values together')
  })
})
