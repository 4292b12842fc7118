import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SluicePlugin } from '@sluice/core'
import { defaultPlugins } from '../src/default-plugins.js'
import { createServer, type SluiceServer } from '../src/index.js'
import {
  buildLibraryConfig,
  isErrorEnvelope,
  pathAndQuery,
  query,
  requestJson,
  type JsonResponse,
} from './support/library-test-server.js'

// REST $expand on the library sample (PGlite): the roles below restrict the related entities, so nested reads must
// obey the target's action, fields and row policy exactly as GraphQL's nested reads do.
let statements = 0
const countStatements: SluicePlugin = {
  name: 'count-statements',
  core: '^0.1.0',
  register: (registry) =>
    registry.addHooks({
      onExecute: () => {
        statements++
      },
    }),
}
let server: SluiceServer
beforeAll(async () => {
  const config = buildLibraryConfig({
    runtime: { host: { mode: 'development' } },
    entities: {
      // `us-only` sees US publishers only (a book's publisher is null otherwise) and books without their ISBN.
      Publisher: {
        permissions: [
          { role: 'anonymous', actions: ['read'] },
          { role: 'us-only', actions: [{ action: 'read', policy: { database: "@item.country eq 'US'" } }] },
        ],
      },
      Book: {
        permissions: [
          { role: 'anonymous', actions: ['read'] },
          { role: 'us-only', actions: [{ action: 'read', fields: { include: ['*'], exclude: ['isbn'] } }] },
        ],
      },
      Author: {
        permissions: [
          { role: 'anonymous', actions: [{ action: 'read', fields: { include: ['*'], exclude: ['email'] } }] },
          { role: 'us-only', actions: ['read'] },
        ],
      },
    },
  })
  server = await createServer({ config, logger: false, plugins: [...defaultPlugins(), countStatements] })
})
afterAll(async () => {
  await server?.close()
})

async function get(url: string, role?: string): Promise<JsonResponse> {
  return requestJson(server.app, url, { role })
}
async function ok(url: string, role?: string): Promise<any> {
  const response = await get(url, role)
  expect(response.status, `${url} → ${response.text}`).toBe(200)
  return response.body
}
async function rows(url: string, role?: string): Promise<any[]> {
  return (await ok(url, role)).value
}

describe('REST $expand', () => {
  let books: any[]
  let publishers: Map<number, any>
  let bookAuthors: any[]
  let authors: Map<number, any>
  beforeAll(async () => {
    books = await rows('/api/Book?$first=-1')
    publishers = new Map((await rows('/api/Publisher?$first=-1')).map((p) => [p.id, p]))
    bookAuthors = await rows('/api/BookAuthor?$first=-1')
    authors = new Map((await rows('/api/Author?$first=-1')).map((a) => [a.id, a]))
  })
  const authorIdsOf = (bookId: number): number[] =>
    bookAuthors
      .filter((l) => l.book_id === bookId)
      .map((l) => l.author_id)
      .sort((a, b) => a - b)

  it('nests a to-one relationship as an object and a to-many one as an array, in one statement', async () => {
    statements = 0
    const page = await rows('/api/Book?$first=10&$expand=publisher,authors')
    expect(statements).toBe(1)
    expect(page).toHaveLength(10)
    for (const book of page) {
      expect(book.publisher).toEqual(publishers.get(book.publisher_id))
      expect(book.authors.map((a: any) => a.id)).toEqual(authorIdsOf(book.id))
      for (const author of book.authors) expect(author).toEqual(authors.get(author.id))
      expect(book).not.toHaveProperty('authors@nextLink')
    }
  })

  it('applies nested $select, $filter, $orderby, $first and $count, and links to the rest of each list', async () => {
    const page = await rows(
      `/api/Publisher?$first=100&$expand=${encodeURIComponent('books($select=id,title;$filter=pages gt 100;$orderby=title desc;$first=2;$count=true)')}`,
    )
    for (const publisher of page) {
      const expected = books
        .filter((b) => b.publisher_id === publisher.id && b.pages !== null && b.pages > 100)
        .sort((a, b) => (a.title < b.title ? 1 : a.title > b.title ? -1 : a.id - b.id))
      expect(publisher['books@count'], `publisher ${publisher.id}`).toBe(expected.length)
      expect(publisher.books).toEqual(expected.slice(0, 2).map((b) => ({ id: b.id, title: b.title })))
      expect(Object.keys(publisher).indexOf('books@count')).toBe(Object.keys(publisher).indexOf('books') - 1)
      if (expected.length <= 2) {
        expect(publisher).not.toHaveProperty('books@nextLink')
        continue
      }
      // Following the links reads every remaining book of this publisher, two at a time, in order.
      const seen = [...publisher.books]
      let link: string | undefined = publisher['books@nextLink']
      while (link !== undefined) {
        expect(link).toMatch(
          new RegExp(`^http://localhost(:80)?/api/Publisher/id/${publisher.id}\\?\\$select=id&\\$expand=books\\(`),
        )
        const [next] = await rows(pathAndQuery(link))
        expect(Object.keys(next)).toEqual([
          'id',
          'books@count',
          'books',
          ...(next['books@nextLink'] === undefined ? [] : ['books@nextLink']),
        ])
        seen.push(...next.books)
        link = next['books@nextLink']
      }
      expect(seen.map((b) => b.id)).toEqual(expected.map((b) => b.id))
    }
  })

  it('nests expansions in expansions, each level with its own options', async () => {
    const url = `/api/Book/id/1?$select=title&$expand=${encodeURIComponent('authors($select=name;$expand=books($select=id;$orderby=id desc;$first=1)),publisher($select=name;$expand=books($first=1;$select=id))')}`
    const [book] = await rows(url)
    expect(Object.keys(book)).toEqual(['title', 'authors', 'publisher'])
    expect(book.publisher.name).toBe(publishers.get(books.find((b) => b.id === 1).publisher_id).name)
    for (const author of book.authors) {
      const theirs = bookAuthors.filter(
        (l) =>
          l.author_id ===
          authors.get(bookAuthors.find((x) => authors.get(x.author_id).name === author.name).author_id).id,
      )
      expect(author.books).toHaveLength(1)
      expect(author.books[0].id).toBe(Math.max(...theirs.map((l) => l.book_id)))
      expect(Object.keys(author)).toEqual(['name', 'books', ...(theirs.length > 1 ? ['books@nextLink'] : [])])
    }
  })

  it('keeps the key fields out of the records when $select leaves them out, while links still name the record', async () => {
    const page = await rows('/api/Author?$first=100&$select=name&$expand=books($first=1;$select=title)')
    const linked = page.filter((a) => a['books@nextLink'] !== undefined)
    expect(linked.length).toBeGreaterThan(0)
    for (const author of page) expect(author).not.toHaveProperty('id')
    for (const author of linked) {
      const [next] = await rows(pathAndQuery(author['books@nextLink']))
      expect(next.books).toHaveLength(1)
      expect(next.books[0].title).not.toBe(author.books[0].title)
    }
  })

  it('lets $select name an expanded relationship, as OData does', async () => {
    const [book] = await rows('/api/Book/id/1?$select=title,publisher&$expand=publisher($select=name)')
    expect(book).toEqual({
      title: books.find((b) => b.id === 1).title,
      publisher: { name: publishers.get(books.find((b) => b.id === 1).publisher_id).name },
    })
    const [only] = await rows('/api/Book/id/1?$select=authors&$expand=authors($select=id)')
    expect(Object.keys(only)).toEqual(['authors'])
    expect((await get('/api/Book/id/1?$select=title,authors&$expand=publisher')).body.error.message).toBe(
      "Invalid field 'authors' in $select",
    )
  })

  it('combines with $filter, $orderby, $count and paging of the root', async () => {
    const first = await ok('/api/Book?$count=true&$first=2&$orderby=id desc&$select=id&$expand=publisher($select=name)')
    expect(first.count).toBe(books.length)
    expect(first.value.map((b: any) => b.id)).toEqual(
      books
        .map((b) => b.id)
        .sort((a, b) => b - a)
        .slice(0, 2),
    )
    expect(first.nextLink).toContain('$expand=publisher($select=name)')
    const second = await ok(pathAndQuery(first.nextLink))
    expect(second.value[0].publisher).toHaveProperty('name')
  })

  describe('permissions of the related entity, exactly as GraphQL nested reads', () => {
    it('leaves out fields the role may not read and refuses them in a nested $select', async () => {
      const [book] = await rows('/api/Book/id/1?$expand=authors')
      for (const author of book.authors) expect(author).not.toHaveProperty('email')
      const refused = await get('/api/Book/id/1?$expand=authors($select=name,email)')
      expect(refused.status).toBe(400)
      expect(isErrorEnvelope(refused)).toBe(true)
      expect(refused.body.error.message).toBe("Invalid field 'email' in $select")
      expect((await get('/api/Book/id/1?$expand=authors($filter=email eq null)')).body.error.message).toBe(
        "Invalid field 'email' in $filter",
      )
      expect((await get('/api/Book/id/1?$expand=authors($orderby=email)')).body.error.message).toBe(
        "Invalid field 'email' in $orderby",
      )
      // The role that may read it gets it.
      const [theirs] = await rows('/api/Book/id/1?$expand=authors($select=name,email)', 'us-only')
      expect(theirs.authors.every((a: any) => 'email' in a)).toBe(true)
    })

    it("applies the target's row policy: a hidden to-one record is null, hidden to-many records are left out", async () => {
      const page = await rows('/api/Book?$first=-1&$expand=publisher', 'us-only')
      for (const book of page) {
        const publisher = publishers.get(book.publisher_id)
        expect(book.publisher, `book ${book.id}`).toEqual(publisher.country === 'US' ? publisher : null)
        expect(book).not.toHaveProperty('isbn')
      }
      const [author] = await rows('/api/Author/id/1?$expand=books($select=isbn)')
      expect(author.books.length).toBeGreaterThan(0)
      expect((await get('/api/Author/id/1?$expand=books($select=isbn)', 'us-only')).body.error.message).toBe(
        "Invalid field 'isbn' in $select",
      )
    })

    it('refuses a relationship whose target the role may not read with 403', async () => {
      const response = await get('/api/Book/id/1?$expand=loans')
      expect(response.status).toBe(403)
      expect(isErrorEnvelope(response)).toBe(true)
    })
  })

  describe('bad input: a 400 envelope, never a 500', () => {
    it.each([
      ['/api/Book?$expand=nope', "Invalid field 'nope' in $expand"],
      [
        '/api/Book?$expand=publisher($first=1)',
        "Invalid relationship 'publisher': a relationship of cardinality one takes no filter, orderBy, first, after or $count.",
      ],
      ['/api/Book?$expand=authors,authors', "the response key 'authors' is used twice"],
      ['/api/Book?$expand=authors($top=1)', "unknown option '$top' in authors(…)"],
      ['/api/Book?$expand=authors($first=0)', 'Invalid number of items requested'],
      ['/api/Book?$expand=authors($first=100001)', 'max page size limit of 100000'],
      ['/api/Book?$expand=authors($after=garbage)', 'Invalid $after'],
      [`/api/Book?$expand=${encodeURIComponent("authors($filter=name eq 'x)")}`, 'a string is never closed'],
      ['/api/Book?$expand=authors/books', 'paths are not supported'],
      ['/api/Book?$expand=', "Query parameter '$expand' needs a value."],
      ['/api/Book?$expand=publisher&$expand=authors', "Query parameter '$expand' may be given only once."],
      ['/api/Book?$expand=id', "Invalid field 'id' in $expand"],
      // Every nested page multiplies the rows the statement may build (runtime.limits.max-query-cost), capped by what
      // the data holds: a publisher has up to 15 books, so each books level really multiplies by 15 (60 × 15⁴ rows).
      [
        '/api/Book?$expand=publisher($expand=books($expand=publisher($expand=books($expand=publisher($expand=books($expand=publisher($expand=books)))))))',
        'more than the limit of 250000',
      ],
    ])('%s', async (url, message) => {
      const response = await get(url)
      expect(response.status, response.text).toBe(400)
      expect(isErrorEnvelope(response)).toBe(true)
      expect(response.body.error.message).toContain(message)
    })

    it('answers a role without the root permission 403 before looking at $expand', async () => {
      const response = await get('/api/Loan?$expand=nope')
      expect(response.status).toBe(403)
    })
  })

  it('is ignored by nothing: $expand on a stored procedure is an unknown parameter', async () => {
    const response = await get(`/api/BooksByPublisher${query({ publisher: 1, $expand: 'books' })}`)
    expect(response.status).toBe(400)
    expect(response.body.error.message).toContain('$expand')
  })
})
