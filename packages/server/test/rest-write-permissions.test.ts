import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'
import { expectError, expectUnchanged, FORBIDDEN_BODY, send } from './support/write-helpers.js'

const FORBIDDEN = 'The current role does not have permission to perform this action.'

// Which action each write needs (SPEC §REST paths: POST create; every PUT and PATCH — upsert, update-only with
// If-Match: * or a generated key, keyless insert — update and create; DELETE delete), with the exact 403 body and the
// table unchanged, and 403 coming before any body or key error (development mode: X-MS-API-ROLE picks the role).
// Field lists and row policies: rest-write-field-and-row-access.
describe('write permissions: role × action', () => {
  const library = useLibraryServer({
    entities: {
      Book: {
        permissions: [
          { role: 'anonymous', actions: ['read'] },
          { role: 'authenticated', actions: ['*'] },
          { role: 'editor', actions: ['read', 'update'] },
          { role: 'maintainer', actions: ['read', 'update', 'create'] },
          { role: 'creator', actions: ['read', 'create'] },
        ],
      },
      BookAuthor: {
        permissions: [
          { role: 'anonymous', actions: ['read'] },
          { role: 'authenticated', actions: ['*'] },
          { role: 'linker', actions: ['read', 'update'] },
          { role: 'adder', actions: ['read', 'create'] },
          { role: 'curator', actions: ['read', 'update', 'create'] },
        ],
      },
    },
  })

  const forbidden = async (
    entity: string,
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body: unknown,
    role: string,
    headers?: Record<string, string>,
  ) => {
    const response = await expectUnchanged(library, entity, () => send(library, method, url, body, { role, headers }))
    expectError(response, 403, FORBIDDEN)
    expect(response.text).toBe(FORBIDDEN_BODY)
  }

  describe('role × action', () => {
    it('anonymous (read only) gets 403 for every write, and nothing changes', async () => {
      await forbidden('Book', 'POST', '/api/Book', { title: 'x', publisher_id: 1 }, 'anonymous')
      await forbidden('Book', 'PUT', '/api/Book/id/1', { title: 'x', publisher_id: 1 }, 'anonymous')
      await forbidden('Book', 'PATCH', '/api/Book/id/1', { title: 'x' }, 'anonymous')
      await forbidden('Book', 'PUT', '/api/Book', { title: 'x', publisher_id: 1 }, 'anonymous')
      await forbidden('Book', 'DELETE', '/api/Book/id/9', undefined, 'anonymous')
      await forbidden(
        'BookAuthor',
        'PUT',
        '/api/BookAuthor/book_id/1/author_id/2',
        { royalty_percentage: 1 },
        'anonymous',
      )
      await forbidden('BookAuthor', 'DELETE', '/api/BookAuthor/book_id/1/author_id/1', undefined, 'anonymous')
    })

    it('a caller without any permission on the entity gets 403 (Loan has none for anonymous)', async () => {
      await forbidden('Loan', 'POST', '/api/Loan', { book_id: 1, member: 'x', loanedOn: '2025-01-01' }, 'anonymous')
      await forbidden('Loan', 'DELETE', '/api/Loan/id/1', undefined, 'anonymous')
    })

    it('update without create (editor on Book): every PUT and PATCH is 403 — by generated key, with If-Match: *, keyless — and so are POST and DELETE', async () => {
      await forbidden('Book', 'PATCH', '/api/Book/id/10', { pages: 345 }, 'editor')
      await forbidden('Book', 'PUT', '/api/Book/id/10', { title: 'Winter in Bergen', publisher_id: 6 }, 'editor')
      await forbidden('Book', 'PATCH', '/api/Book/id/10', { pages: 345 }, 'editor', { 'if-match': '*' })
      await forbidden('Book', 'PUT', '/api/Book/id/10', { title: 'Winter in Bergen', publisher_id: 6 }, 'editor', {
        'if-match': '*',
      })
      await forbidden('Book', 'PUT', '/api/Book', { title: 'x', publisher_id: 1 }, 'editor')
      await forbidden('Book', 'PATCH', '/api/Book', { title: 'x', publisher_id: 1 }, 'editor')
      await forbidden('Book', 'POST', '/api/Book', { title: 'x', publisher_id: 1 }, 'editor')
      await forbidden('Book', 'DELETE', '/api/Book/id/9', undefined, 'editor')
    })

    it('update and create (maintainer on Book) allow PATCH and PUT by generated key, with or without If-Match: *, and a keyless insert; still no DELETE', async () => {
      const patched = await send(library, 'PATCH', '/api/Book/id/10', { pages: 345 }, { role: 'maintainer' })
      expect(patched.status, patched.text).toBe(200)
      expect(patched.body.value[0]).toMatchObject({ id: 10, pages: 345 })
      const put = await send(
        library,
        'PUT',
        '/api/Book/id/10',
        { title: 'Winter in Bergen', publisher_id: 6 },
        { role: 'maintainer', headers: { 'if-match': '*' } },
      )
      expect(put.status, put.text).toBe(200)
      expect(put.body.value[0]).toMatchObject({ id: 10, title: 'Winter in Bergen', publisher_id: 6, pages: null })
      const inserted = await send(
        library,
        'PUT',
        '/api/Book',
        { title: 'Kept by the maintainer', publisher_id: 1 },
        { role: 'maintainer' },
      )
      expect(inserted.status, inserted.text).toBe(201)
      expect(inserted.body.value[0]).toMatchObject({ title: 'Kept by the maintainer', publisher_id: 1 })
      await forbidden('Book', 'DELETE', '/api/Book/id/9', undefined, 'maintainer')
    })

    it('create without update (creator on Book) allows POST, but no keyless insert and no PUT or PATCH by key', async () => {
      await forbidden('Book', 'PUT', '/api/Book', { title: 'x', publisher_id: 1 }, 'creator')
      await forbidden('Book', 'PATCH', '/api/Book', { title: 'x', publisher_id: 1 }, 'creator')
      await forbidden('Book', 'PATCH', '/api/Book/id/11', { pages: 1 }, 'creator')
      await forbidden('Book', 'PUT', '/api/Book/id/11', { title: 'x', publisher_id: 1 }, 'creator', { 'if-match': '*' })
      const response = await send(
        library,
        'POST',
        '/api/Book',
        { title: 'Created, not updated', publisher_id: 1 },
        { role: 'creator' },
      )
      expect(response.status, response.text).toBe(201)
    })

    it('an upsert needs create as well as update: update alone is 403, for an existing row, an absent one, and with If-Match: *', async () => {
      await forbidden('BookAuthor', 'PUT', '/api/BookAuthor/book_id/1/author_id/1', { royalty_percentage: 1 }, 'linker')
      await forbidden(
        'BookAuthor',
        'PATCH',
        '/api/BookAuthor/book_id/1/author_id/1',
        { royalty_percentage: 1 },
        'linker',
      )
      await forbidden(
        'BookAuthor',
        'PATCH',
        '/api/BookAuthor/book_id/1/author_id/4',
        { royalty_percentage: 1 },
        'linker',
      )
      await forbidden(
        'BookAuthor',
        'PATCH',
        '/api/BookAuthor/book_id/1/author_id/1',
        { royalty_percentage: 1 },
        'linker',
        { 'if-match': '*' },
      )
      await forbidden(
        'BookAuthor',
        'PUT',
        '/api/BookAuthor/book_id/1/author_id/1',
        { royalty_percentage: 1 },
        'linker',
        { 'if-match': '*' },
      )
    })

    it('update and create (curator on BookAuthor) allow an upsert (update and insert) and an update with If-Match: *', async () => {
      const updated = await send(
        library,
        'PATCH',
        '/api/BookAuthor/book_id/1/author_id/1',
        { royalty_percentage: 1 },
        { role: 'curator', headers: { 'if-match': '*' } },
      )
      expect(updated.status, updated.text).toBe(200)
      expect(updated.body.value).toEqual([{ book_id: 1, author_id: 1, royalty_percentage: 1 }])
      const upserted = await send(
        library,
        'PUT',
        '/api/BookAuthor/book_id/1/author_id/1',
        { royalty_percentage: 2 },
        { role: 'curator' },
      )
      expect(upserted.status, upserted.text).toBe(200)
      expect(upserted.body.value).toEqual([{ book_id: 1, author_id: 1, royalty_percentage: 2 }])
      const inserted = await send(
        library,
        'PATCH',
        '/api/BookAuthor/book_id/1/author_id/4',
        { royalty_percentage: 3 },
        { role: 'curator' },
      )
      expect(inserted.status, inserted.text).toBe(201)
      expect(inserted.body.value).toEqual([{ book_id: 1, author_id: 4, royalty_percentage: 3 }])
    })

    it('create alone allows POST but no upsert', async () => {
      await forbidden('BookAuthor', 'PUT', '/api/BookAuthor/book_id/1/author_id/5', { royalty_percentage: 1 }, 'adder')
      await forbidden('BookAuthor', 'PATCH', '/api/BookAuthor/book_id/1/author_id/5', {}, 'adder')
      const response = await send(library, 'POST', '/api/BookAuthor', { book_id: 1, author_id: 5 }, { role: 'adder' })
      expect(response.status, response.text).toBe(201)
      await forbidden('BookAuthor', 'DELETE', '/api/BookAuthor/book_id/1/author_id/5', undefined, 'adder')
    })
  })

  describe('403 comes before 400', () => {
    it.each([
      ['an unknown field', { nope: 1 }],
      ['a wrong type', { title: 5, publisher_id: 1 }],
      ['a generated field', { id: 1, title: 'x', publisher_id: 1 }],
      ['a null for a non-nullable field', { title: null, publisher_id: 1 }],
      ['a missing required field', { publisher_id: 1 }],
      ['no body', undefined],
    ])('a role without the action gets 403, not 400, for %s', async (_, body) => {
      await forbidden('Book', 'POST', '/api/Book', body, 'anonymous')
      await forbidden('Book', 'PATCH', '/api/Book/id/2', body, 'anonymous')
      await forbidden('Book', 'POST', '/api/Book', body, 'editor')
    })

    it('a bad key is 403 too for a role without the action', async () => {
      await forbidden('Book', 'PATCH', '/api/Book/id/abc', { title: 'x' }, 'anonymous')
      await forbidden('BookAuthor', 'PUT', '/api/BookAuthor', { royalty_percentage: 1 }, 'anonymous')
      await forbidden('BookAuthor', 'DELETE', '/api/BookAuthor/book_id/1', undefined, 'anonymous')
    })

    it('an upsert by a role with update but not create is 403 even with a malformed body field', async () => {
      await forbidden('BookAuthor', 'PUT', '/api/BookAuthor/book_id/1/author_id/1', { nope: 1 }, 'linker')
      await forbidden(
        'BookAuthor',
        'PATCH',
        '/api/BookAuthor/book_id/1/author_id/1',
        { royalty_percentage: 'lots' },
        'linker',
      )
    })

    it('an update by generated key or with If-Match: * by a role with update but not create is 403 even with a malformed body field', async () => {
      await forbidden('Book', 'PATCH', '/api/Book/id/2', { title: 5 }, 'editor')
      await forbidden('Book', 'PUT', '/api/Book/id/2', { nope: 1 }, 'editor', { 'if-match': '*' })
      await forbidden(
        'BookAuthor',
        'PATCH',
        '/api/BookAuthor/book_id/1/author_id/1',
        { royalty_percentage: 'lots' },
        'linker',
        { 'if-match': '*' },
      )
    })

    it('a keyless insert by a role with create but not update is 403 even with a malformed body field', async () => {
      await forbidden('Book', 'PUT', '/api/Book', { nope: 1 }, 'creator')
      await forbidden('Book', 'PATCH', '/api/Book', { title: 5 }, 'creator')
    })

    it('a keyless insert by a role with update but not create is 403 even with a malformed body field', async () => {
      await forbidden('Book', 'PUT', '/api/Book', { nope: 1 }, 'editor')
      await forbidden('Book', 'PATCH', '/api/Book', { title: 5 }, 'editor')
    })

    // The body's JSON syntax and shape are read by the protocol before the pipeline runs (as Data API builder parses
    // the body before authorizing): they reveal nothing about the entity's fields.
    it.each([
      ['invalid JSON', '{"title":', 'Request body contains invalid JSON.'],
      [
        'an array',
        '[{"title":"x"}]',
        'A Mutation operation on more than one entity in a single request is not yet supported.',
      ],
      ['a JSON string', '"x"', 'The request body must be a JSON object of field values, not a string.'],
    ])('%s is a protocol error: 400 even for a role without the action', async (_, body, message) => {
      const response = await expectUnchanged(library, 'Book', () =>
        send(library, 'POST', '/api/Book', body, { role: 'anonymous' }),
      )
      expectError(response, 400, message)
    })
  })
})
