import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'
import { expectError, expectUnchanged, read, send, withWriteFixtures } from './support/write-helpers.js'

type Method = 'POST' | 'PUT' | 'PATCH'

const BOOK = { title: 'x', publisher_id: 1 }
const LINK = { royalty_percentage: 1 }

/** One target per write method: the URL, the entity path to read back, and a body that would be accepted. */
const TARGETS: readonly (readonly [Method, string, string, Readonly<Record<string, unknown>>])[] = [
  ['POST', '/api/Book', 'Book', BOOK],
  ['PUT', '/api/Book/id/2', 'Book', BOOK],
  ['PATCH', '/api/Book/id/2', 'Book', BOOK],
  ['PUT', '/api/BookAuthor/book_id/1/author_id/3', 'BookAuthor', LINK],
  ['PATCH', '/api/BookAuthor/book_id/1/author_id/3', 'BookAuthor', LINK],
]

// Request validation before any SQL (strict mode, the default): the body's presence and JSON shape, unknown,
// key and read-only fields, value types, nulls, required fields, query strings. Every refusal is a 400 envelope with
// the exact message, and leaves the table as it was.
describe('write request validation', () => {
  const library = useLibraryServer(withWriteFixtures())

  const refused = async (
    method: Method,
    url: string,
    entity: string,
    body: unknown,
    message: string | RegExp,
  ): Promise<void> => {
    const response = await expectUnchanged(library, entity, () => send(library, method, url, body))
    expectError(response, 400, message)
  }

  describe('the body', () => {
    it.each(TARGETS)('%s %s without a body, or a blank one, is 400', async (method, url, entity) => {
      await refused(method, url, entity, undefined, 'The request body is missing: send a JSON object of field values.')
      await refused(method, url, entity, '  \n ', 'The request body is missing: send a JSON object of field values.')
    })

    it.each(TARGETS)('%s %s with malformed JSON is 400', async (method, url, entity) => {
      for (const text of ['{', '{"title":}', "{'title':'x'}", 'title=x', '{"title":"x"} trailing']) {
        await refused(method, url, entity, text, 'Request body contains invalid JSON.')
      }
    })

    it.each(TARGETS)('%s %s with an array is 400 (one record per request)', async (method, url, entity) => {
      await refused(
        method,
        url,
        entity,
        '[{"title":"x","publisher_id":1}]',
        'A Mutation operation on more than one entity in a single request is not yet supported.',
      )
      await refused(
        method,
        url,
        entity,
        '[]',
        'A Mutation operation on more than one entity in a single request is not yet supported.',
      )
    })

    it.each([
      ['"title"', 'a string'],
      ['null', 'null'],
      ['42', 'a number'],
      ['true', 'a boolean'],
    ])('a JSON %s instead of an object is 400 "…not %s"', async (text, kind) => {
      for (const [method, url, entity] of TARGETS) {
        await refused(method, url, entity, text, `The request body must be a JSON object of field values, not ${kind}.`)
      }
    })
  })

  describe('fields', () => {
    it.each(TARGETS)('%s %s naming an unknown field is 400', async (method, url, entity, valid) => {
      await refused(method, url, entity, { ...valid, nope: 1 }, "Invalid field 'nope' in request body")
      await refused(method, url, entity, { nope: null, ...valid }, "Invalid field 'nope' in request body")
    })

    it('matches field names exactly: wrong case, or the column name behind an alias, is unknown', async () => {
      await refused(
        'POST',
        '/api/Book',
        'Book',
        { Title: 'x', publisher_id: 1 },
        "Invalid field 'Title' in request body",
      )
      await refused(
        'POST',
        '/api/Book',
        'Book',
        { title: 'x', publisher_id: 1, published: '2020-01-01' },
        "Invalid field 'published' in request body",
      )
      await refused('PATCH', '/api/Book/id/2', 'Book', { in_print: false }, "Invalid field 'in_print' in request body")
    })

    it('a key field in the body when the key is in the URL is 400, even with the same value', async () => {
      for (const method of ['PUT', 'PATCH'] as const) {
        await refused(
          method,
          '/api/BookAuthor/book_id/1/author_id/3',
          'BookAuthor',
          { book_id: 1, royalty_percentage: 1 },
          "Invalid field 'book_id' in request body",
        )
        await refused(
          method,
          '/api/BookAuthor/book_id/1/author_id/3',
          'BookAuthor',
          { author_id: 4 },
          "Invalid field 'author_id' in request body",
        )
        await refused(
          method,
          '/api/StockItem/sku/A-1',
          'StockItem',
          { sku: 'A-1', name: 'x' },
          "Invalid field 'sku' in request body",
        )
        await refused(
          method,
          '/api/books/reviews/book_id/1',
          'books/reviews',
          { book_id: 1, rating: 1 },
          "Invalid field 'book_id' in request body",
        )
      }
    })

    it('a field the database generates is 400: an identity key in POST, a serial column, a generated key in PUT/PATCH', async () => {
      const generated = (field: string): string =>
        `Field '${field}' cannot be included in the request body: its value is generated by the database.`
      await refused('POST', '/api/Book', 'Book', { id: 9000, title: 'x', publisher_id: 1 }, generated('id'))
      await refused('POST', '/api/books/reviews', 'books/reviews', { book_id: 1, id: 9000, rating: 1 }, generated('id'))
      await refused('POST', '/api/Tag', 'Tag', { id: 9000, name: 'x' }, generated('id'))
      await refused('POST', '/api/StockItem', 'StockItem', { sku: 'V-1', name: 'x', line_no: 3 }, generated('line_no'))
      await refused('PATCH', '/api/StockItem/sku/A-1', 'StockItem', { line_no: 3 }, generated('line_no'))
    })

    it('a computed column is 400, on every write', async () => {
      const computed =
        "Field 'total_value' cannot be included in the request body: its value is computed by the database."
      await refused('POST', '/api/StockItem', 'StockItem', { sku: 'V-2', name: 'x', total_value: 1 }, computed)
      await refused('PUT', '/api/StockItem/sku/A-1', 'StockItem', { name: 'x', total_value: 1 }, computed)
      await refused('PATCH', '/api/StockItem/sku/A-1', 'StockItem', { total_value: null }, computed)
      await refused('PUT', '/api/StockItem/sku/V-3', 'StockItem', { name: 'x', total_value: 1 }, computed)
    })
  })

  describe('values', () => {
    it.each([
      [{ title: 5 }, "Invalid value 5 for field 'title' in request body: expected a string."],
      [{ title: true }, "Invalid value true for field 'title' in request body: expected a string."],
      [{ title: { a: 1 } }, `Invalid value {"a":1} for field 'title' in request body: expected a string.`],
      [
        { pages: 'many' },
        `Invalid value "many" for field 'pages' in request body: expected an integer from -2147483648 to 2147483647.`,
      ],
      [
        { pages: 1.5 },
        "Invalid value 1.5 for field 'pages' in request body: expected an integer from -2147483648 to 2147483647.",
      ],
      [
        { pages: 2147483648 },
        "Invalid value 2147483648 for field 'pages' in request body: expected an integer from -2147483648 to 2147483647.",
      ],
      [
        { pages: [1] },
        "Invalid value [1] for field 'pages' in request body: expected an integer from -2147483648 to 2147483647.",
      ],
      [{ price: 'cheap' }, `Invalid value "cheap" for field 'price' in request body: expected a decimal number.`],
      [{ inPrint: 1 }, "Invalid value 1 for field 'inPrint' in request body: expected true or false."],
      [{ inPrint: 'yes' }, `Invalid value "yes" for field 'inPrint' in request body: expected true or false.`],
      [
        { publishedOn: '2021-02-30' },
        `Invalid value "2021-02-30" for field 'publishedOn' in request body: expected a date (YYYY-MM-DD).`,
      ],
      [
        { publishedOn: 20210101 },
        "Invalid value 20210101 for field 'publishedOn' in request body: expected a date (YYYY-MM-DD).",
      ],
    ])('a value of the wrong type is 400 naming the field: %j', async (body, message) => {
      await refused('PATCH', '/api/Book/id/2', 'Book', body, message)
      await refused('POST', '/api/Book', 'Book', { title: 'x', publisher_id: 1, ...body }, message)
    })

    it('a boolean field needs a JSON boolean: the string "false" is 400', async () => {
      await refused(
        'PATCH',
        '/api/Book/id/2',
        'Book',
        { inPrint: 'false' },
        `Invalid value "false" for field 'inPrint' in request body: expected true or false.`,
      )
    })

    it('accepts numeric strings for numeric fields, storing the number', async () => {
      const response = await send(library, 'PATCH', '/api/Book/id/5', { pages: '200', price: '13.25' })
      expect(response.status, response.text).toBe(200)
      expect(response.body.value[0]).toMatchObject({ id: 5, pages: 200, price: 13.25 })
      expect(await read(library, '/api/Book/id/5?$select=pages,price')).toEqual([{ pages: 200, price: 13.25 }])
    })

    it('an explicit null for a non-nullable field is 400; for a nullable field it stores NULL', async () => {
      await refused(
        'PATCH',
        '/api/Book/id/2',
        'Book',
        { title: null },
        "Invalid value for field 'title' in request body: the field is not nullable.",
      )
      await refused(
        'POST',
        '/api/Book',
        'Book',
        { title: 'x', publisher_id: null },
        "Invalid value for field 'publisher_id' in request body: the field is not nullable.",
      )
      await refused(
        'PUT',
        '/api/BookAuthor/book_id/1/author_id/3',
        'BookAuthor',
        { royalty_percentage: null },
        "Invalid value for field 'royalty_percentage' in request body: the field is not nullable.",
      )
      // A non-nullable column with a default is still not nullable.
      await refused(
        'PATCH',
        '/api/Book/id/2',
        'Book',
        { inPrint: null },
        "Invalid value for field 'inPrint' in request body: the field is not nullable.",
      )
      const response = await send(library, 'PATCH', '/api/Book/id/6', { price: null })
      expect(response.status, response.text).toBe(200)
      expect(await read(library, '/api/Book/id/6?$select=price')).toEqual([{ price: null }])
    })
  })

  describe('required fields', () => {
    it('POST without a non-nullable field that has no default is 400 naming it', async () => {
      await refused(
        'POST',
        '/api/Book',
        'Book',
        { publisher_id: 1 },
        'Invalid request body. Missing field in body: title.',
      )
      await refused(
        'POST',
        '/api/Book',
        'Book',
        { title: 'x' },
        'Invalid request body. Missing field in body: publisher_id.',
      )
      await refused(
        'POST',
        '/api/BookAuthor',
        'BookAuthor',
        { book_id: 1 },
        'Invalid request body. Missing field in body: author_id.',
      )
      await refused(
        'POST',
        '/api/StockItem',
        'StockItem',
        { sku: 'M-1' },
        'Invalid request body. Missing field in body: name.',
      )
    })

    it('PUT without one is 400, whether the row exists (replace) or not (insert)', async () => {
      await refused(
        'PUT',
        '/api/StockItem/sku/A-1',
        'StockItem',
        { quantity: 1 },
        'Invalid request body. Missing field in body: name.',
      )
      await refused(
        'PUT',
        '/api/StockItem/sku/M-2',
        'StockItem',
        { quantity: 1 },
        'Invalid request body. Missing field in body: name.',
      )
      await refused(
        'PUT',
        '/api/Book/id/2',
        'Book',
        { publisher_id: 2 },
        'Invalid request body. Missing field in body: title.',
      )
    })

    it('PATCH of an existing row needs no other field', async () => {
      const response = await send(library, 'PATCH', '/api/Book/id/7', { pages: 257 })
      expect(response.status, response.text).toBe(200)
      expect(response.body.value[0]).toMatchObject({ id: 7, title: "It's Complicated", pages: 257 })
    })
  })

  describe('the URL', () => {
    it.each(TARGETS)('%s %s with a query string is 400', async (method, url, entity, valid) => {
      for (const query of ['?$select=id', '?x=1', '?$filter=id%20eq%202']) {
        await refused(
          method,
          `${url}${query}`,
          entity,
          valid,
          'Query string for this HTTP request type is an invalid URL.',
        )
      }
    })

    it('a key value that does not fit the key column is 400 naming the field', async () => {
      await refused('PATCH', '/api/Book/id/abc', 'Book', { pages: 1 }, /'id'/)
      await refused(
        'PUT',
        '/api/BookAuthor/book_id/1/author_id/x',
        'BookAuthor',
        { royalty_percentage: 1 },
        /'author_id'/,
      )
    })

    it('an unknown key name is 400', async () => {
      await refused('PATCH', '/api/Book/isbn/9781900001076', 'Book', { pages: 1 }, /isbn/)
    })
  })
})
