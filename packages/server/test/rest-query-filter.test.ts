import { beforeAll, describe, expect, it } from 'vitest'
import { isErrorEnvelope, query, useLibraryServer, type JsonResponse } from './support/library-test-server.js'

interface Book {
  id: number
  title: string
  publisher_id: number
  publishedOn: string | null
  price: number | null
  pages: number | null
  inPrint: boolean
  isbn: string | null
  created_at: string
}

function expectBadFilter(response: JsonResponse, message: RegExp): void {
  expect(response.status).toBe(400)
  expect(isErrorEnvelope(response)).toBe(true)
  expect(response.body.error.code).toBe('Bad Request')
  expect(response.body.error.message).toMatch(message)
}

describe('$filter', () => {
  const library = useLibraryServer()
  let books: Book[] = []
  const ids = async (filter: string, entity = 'Book', role?: string): Promise<number[]> => {
    const response = await library.request(`/api/${entity}${query({ $filter: filter, $select: 'id', $first: -1 })}`, {
      role,
    })
    expect(response.status, `${filter}: ${response.text}`).toBe(200)
    return response.body.value.map((r: { id: number }) => r.id)
  }
  const idsWhere = (predicate: (b: Book) => boolean): number[] => books.filter(predicate).map((b) => b.id)

  beforeAll(async () => {
    books = (await library.request('/api/Book?$first=-1')).body.value as Book[]
    expect(books).toHaveLength(60)
  })

  // Comparisons with a NULL column are never true (SQL semantics), so the predicates test for null first.
  it.each<[string, (b: Book) => boolean]>([
    ['id eq 7', (b) => b.id === 7],
    ['id ne 7', (b) => b.id !== 7],
    ['pages gt 500', (b) => b.pages !== null && b.pages > 500],
    ['pages ge 540', (b) => b.pages !== null && b.pages >= 540],
    ['pages lt 150', (b) => b.pages !== null && b.pages < 150],
    ['pages le 144', (b) => b.pages !== null && b.pages <= 144],
    ['pages ne 320', (b) => b.pages !== null && b.pages !== 320],
    ['price gt 40.5', (b) => b.price !== null && b.price > 40.5],
    ['price eq 14.99', (b) => b.price === 14.99],
    ['price eq 0', (b) => b.price === 0],
    ['id eq -1', () => false],
    ['inPrint eq true', (b) => b.inPrint],
    ['inPrint eq false', (b) => !b.inPrint],
    ['inPrint ne true', (b) => !b.inPrint],
    ['publishedOn ge 2024-01-01', (b) => b.publishedOn !== null && b.publishedOn >= '2024-01-01'],
    ['publishedOn lt 1970-01-01', (b) => b.publishedOn !== null && b.publishedOn < '1970-01-01'],
    ["publishedOn eq '2015-03-12'", (b) => b.publishedOn === '2015-03-12'],
    [
      'created_at ge 2024-03-01T00:00:00Z and created_at lt 2024-03-03T00:00:00+00:00',
      (b) =>
        Date.parse(b.created_at) >= Date.parse('2024-03-01T00:00:00Z') &&
        Date.parse(b.created_at) < Date.parse('2024-03-03T00:00:00Z'),
    ],
    ['price eq null', (b) => b.price === null],
    ['price ne null', (b) => b.price !== null],
    ['null eq price', (b) => b.price === null],
    ['isbn eq null and publishedOn ne null', (b) => b.isbn === null && b.publishedOn !== null],
  ])('%s', async (filter, predicate) => {
    expect(await ids(filter)).toEqual(idsWhere(predicate))
  })

  it.each<[string, (b: Book) => boolean]>([
    ['inPrint eq false and pages gt 300', (b) => !b.inPrint && b.pages !== null && b.pages > 300],
    ['inPrint eq false or pages gt 600', (b) => !b.inPrint || (b.pages !== null && b.pages > 600)],
    ['not (inPrint eq true)', (b) => !b.inPrint],
    ['not inPrint eq true and id lt 10', (b) => !b.inPrint && b.id < 10],
    // `and` binds tighter than `or`; parentheses override it.
    ['id eq 1 or id eq 2 and id eq 3', (b) => b.id === 1],
    ['(id eq 1 or id eq 2) and id eq 2', (b) => b.id === 2],
    [
      '(pages ge 500 or pages le 100) and price gt 40',
      (b) => b.pages !== null && (b.pages >= 500 || b.pages <= 100) && b.price !== null && b.price > 40,
    ],
    ['not (id le 50 or id ge 55)', (b) => b.id > 50 && b.id < 55],
    ['((id eq 3))', (b) => b.id === 3],
    ['5 lt id and id lt 8', (b) => b.id > 5 && b.id < 8],
  ])('combines conditions: %s', async (filter, predicate) => {
    expect(await ids(filter)).toEqual(idsWhere(predicate))
  })

  it.each<[string, number[]]>([
    ["title eq 'SQL_CONN'", [4]],
    ["title eq 'It''s Complicated'", [7]],
    ["title eq 'C:\\Windows'", [6]],
    ["title eq '[Special Book]'", [8]],
    ['title eq \'"Quoted" Recipes\'', [51]],
    ["title eq 'Bread & Butter: Baking at Home'", [15]],
    ["title eq ''", [9]],
    ["title eq 'Deep Water'", [45, 52]],
    ["title eq 'sql_conn'", []],
  ])('compares quoted strings exactly: %s', async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected)
  })

  it.each<[string, number[]]>([
    ["contains(title, '%')", [5, 50]],
    ["contains(title, '_')", [4, 50]],
    ["contains(title, '%_')", [50]],
    ["contains(title, '\\')", [6]],
    ["contains(title, '''')", [7, 11, 32, 38, 49, 55]],
    ["contains(title, '[')", [8]],
    ["contains(title, '\"')", [51]],
    ["startswith(title, 'CONN%_')", [50]],
    ["startswith(title, '100%')", [5]],
    ["startswith(title, 'C:\\')", [6]],
    ["endswith(title, '_CONN')", [4, 50]],
    ["endswith(title, '% Pure')", [5]],
    ["startswith(title, 'Deep')", [45, 52]],
    ["contains(title, 'deep')", []],
  ])(
    'matches contains/startswith/endswith literally, with %, _, \\ and quotes taken as text: %s',
    async (filter, expected) => {
      expect(await ids(filter)).toEqual(expected)
    },
  )

  it('compares date-times with their offset, and dates as calendar dates', async () => {
    expect(await ids('created_at eq 2024-01-08T09:30:00Z')).toEqual([1])
    expect(await ids('created_at eq 2024-01-08T10:30:00+01:00')).toEqual([1])
    expect(await ids('created_at eq 2024-01-08T09:30:00.000Z')).toEqual([1])
    expect(await ids('publishedOn eq 2015-03-12')).toEqual([1])
  })

  it('negates a string function with not', async () => {
    expect(await ids("not contains(title, 'e')")).toEqual(idsWhere((b) => !b.title.includes('e')))
  })

  it('compares two fields of the same record', async () => {
    expect(await ids('id eq publisher_id')).toEqual([1, 2])
    expect(await ids('pages lt price')).toEqual(
      idsWhere((b) => b.pages !== null && b.price !== null && b.pages < b.price),
    )
    expect(await ids('publishedOn gt created_at')).toEqual(
      idsWhere((b) => b.publishedOn !== null && Date.parse(b.publishedOn) > Date.parse(b.created_at)),
    )
  })

  it('filters by aliased names on aliased entities and views', async () => {
    expect(await ids('birthYear eq 1970', 'Author')).toEqual([4, 5, 7, 14])
    expect(await ids('authorCount eq 3', 'BookDetail')).toEqual([12, 14, 35])
    expect(await ids("publisher eq 'Kanal Verlag'", 'BookDetail')).toEqual(idsWhere((b) => b.publisher_id === 5))
  })

  it('rejects the raw column name of an aliased field', async () => {
    expectBadFilter(await library.request(`/api/Book${query({ $filter: 'in_print eq true' })}`), /in_print/)
  })

  it('rejects an unknown field, and field names are case-sensitive', async () => {
    expectBadFilter(
      await library.request(`/api/Book${query({ $filter: "nope eq 'x'" })}`),
      /Invalid field 'nope' in \$filter/,
    )
    expectBadFilter(
      await library.request(`/api/Book${query({ $filter: "Title eq 'x'" })}`),
      /Invalid field 'Title' in \$filter/,
    )
  })

  it('rejects filtering on a field the role may not read (Author.email as anonymous)', async () => {
    for (const filter of ['email eq null', "contains(email, 'example')", 'email eq name']) {
      expectBadFilter(
        await library.request(`/api/Author${query({ $filter: filter })}`),
        /Invalid field 'email' in \$filter/,
      )
    }
  })

  it('allows filtering on that field for a role that may read it', async () => {
    expect(await ids('email eq null', 'Author', 'authenticated')).toEqual([7, 16, 29])
  })

  it.each<[string, number]>([
    ["title eq 'x", 10],
    ['title eq', 9],
    ['eq 5', 1],
    ['(id eq 1', 1],
    ['id eq 1)', 8],
    ['id eq 1 and', 12],
    ['id eq 1 AND id eq 2', 9],
    ['id = 1', 4],
    ['id eq 1 && id eq 2', 9],
    ['title eq "x"', 10],
    ["toLower(title) eq 'x'", 1],
    ["Contains(title, 'x')", 1],
    ['contains(title, 5)', 17],
  ])('rejects the malformed filter %j with 400 naming position %i', async (filter, position) => {
    expectBadFilter(
      await library.request(`/api/Book${query({ $filter: filter })}`),
      new RegExp(`position ${position}\\b`),
    )
  })

  it.each([
    ['a number for a text field', 'title eq 5', /'title'/],
    ['a string for an integer field', "id eq 'abc'", /'id'/],
    ['a fraction for an integer field', 'id eq 1.5', /'id'/],
    ['a string for a boolean field', "inPrint eq 'true'", /'inPrint'/],
    ['an impossible date', 'publishedOn eq 2023-02-29', /'publishedOn'/],
    ['null with an ordering operator', 'price gt null', /null/],
    ['fields of different kinds', 'title eq price', /cannot be compared/],
    ['a string function on a number', "contains(price, '1')", /price/],
  ])('rejects %s with 400', async (_, filter, message) => {
    expectBadFilter(await library.request(`/api/Book${query({ $filter: filter })}`), message)
  })

  it('rejects an empty $filter', async () => {
    expectBadFilter(await library.request('/api/Book?$filter='), /\$filter/)
  })

  it('keeps a percent-encoded & inside a string literal as data', async () => {
    const response = await library.request(
      "/api/Book?$select=id&$filter=title%20eq%20'Bread%20%26%20Butter:%20Baking%20at%20Home'",
    )
    expect(response.body.value).toEqual([{ id: 15 }])
  })
})
