import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'
import { expectError, expectUnchanged, read, send } from './support/write-helpers.js'

// Field lists and row policies in writes: body fields limited to the action's permitted fields (for every PUT and
// PATCH, which need update and create, to both actions' fields), PUT resetting only writable fields, the returned record limited to the role's `read` fields and read
// policy, update/delete policies hiding rows (404), an upsert onto a hidden row (403), and create policies guarding
// inserts (403 for a row that does not meet them). Every refusal leaves the table unchanged.
describe('write permissions: fields and row policies', () => {
  const library = useLibraryServer({
    entities: {
      Book: {
        permissions: [
          { role: 'anonymous', actions: ['read'] },
          { role: 'authenticated', actions: ['*'] },
          // PUT and PATCH need create as well as update (SPEC §REST paths): these roles hold both, with the same fields.
          {
            role: 'titler',
            actions: [
              'read',
              { action: 'update', fields: { include: ['title', 'publisher_id', 'price'] } },
              { action: 'create', fields: { include: ['title', 'publisher_id', 'price'] } },
            ],
          },
          { role: 'scribe', actions: ['update', 'create'] },
          {
            role: 'lighthouse',
            actions: [
              'read',
              'create',
              { action: 'update', policy: { database: '@item.publisher_id eq 1' } },
              { action: 'delete', policy: { database: '@item.publisher_id eq 1' } },
            ],
          },
          {
            role: 'narrow-reader',
            actions: [
              'update',
              'create',
              {
                action: 'read',
                policy: { database: '@item.publisher_id eq 1' },
                fields: { include: ['id', 'title', 'publisher_id'] },
              },
            ],
          },
          {
            role: 'guarded-creator',
            actions: ['read', { action: 'create', policy: { database: '@item.publisher_id eq 1' } }],
          },
          {
            role: 'priced-creator',
            actions: ['read', { action: 'create', policy: { database: '@item.price gt 0' } }],
          },
        ],
      },
      BookAuthor: {
        permissions: [
          { role: 'anonymous', actions: ['read'] },
          { role: 'authenticated', actions: ['*'] },
          {
            role: 'capped',
            actions: [
              'read',
              'update',
              { action: 'create', fields: { include: ['*'], exclude: ['royalty_percentage'] } },
            ],
          },
          {
            role: 'book-one',
            actions: ['read', 'create', { action: 'update', policy: { database: '@item.book_id eq 1' } }],
          },
          {
            role: 'guarded-linker',
            actions: ['read', 'update', { action: 'create', policy: { database: '@item.book_id eq 1' } }],
          },
          {
            role: 'rated-linker',
            actions: ['read', 'update', { action: 'create', policy: { database: '@item.royalty_percentage gt 0' } }],
          },
          // DAB's database_policy_tester on stocks: an update policy and a create policy the body can meet
          {
            role: 'policy-pair',
            actions: [
              'read',
              { action: 'update', policy: { database: '@item.book_id eq 1' } },
              { action: 'create', policy: { database: '@item.royalty_percentage gt 0' } },
            ],
          },
        ],
      },
      Author: {
        permissions: [
          { role: 'anonymous', actions: [{ action: 'read', fields: { exclude: ['email'] } }] },
          { role: 'authenticated', actions: ['*'] },
          { role: 'biographer', actions: [{ action: 'read', fields: { exclude: ['email'] } }, 'update', 'create'] },
        ],
      },
    },
  })

  describe('permitted fields', () => {
    it("a body field outside the action's fields is 400 like an unknown field; permitted fields are written", async () => {
      const refused = await expectUnchanged(library, 'Book', () =>
        send(library, 'PATCH', '/api/Book/id/11', { pages: 1 }, { role: 'titler' }),
      )
      expectError(refused, 400, "Invalid field 'pages' in request body")
      const accepted = await send(library, 'PATCH', '/api/Book/id/11', { price: 15.5 }, { role: 'titler' })
      expect(accepted.status, accepted.text).toBe(200)
      expect(accepted.body.value[0]).toMatchObject({ id: 11, price: 15.5, pages: 388 })
    })

    it('PUT resets only the fields the role may write', async () => {
      const [before] = await read(library, '/api/Book/id/13')
      const response = await send(
        library,
        'PUT',
        '/api/Book/id/13',
        { title: 'Le Petit Café', publisher_id: 3 },
        { role: 'titler' },
      )
      expect(response.status, response.text).toBe(200)
      expect(await read(library, '/api/Book/id/13')).toEqual([{ ...before, price: null }])
    })

    it("an upsert's body must also fit the create action's fields", async () => {
      const response = await expectUnchanged(library, 'BookAuthor', () =>
        send(library, 'PUT', '/api/BookAuthor/book_id/5/author_id/1', { royalty_percentage: 3 }, { role: 'capped' }),
      )
      expectError(response, 400, "Invalid field 'royalty_percentage' in request body")
      const created = await send(library, 'PUT', '/api/BookAuthor/book_id/5/author_id/1', {}, { role: 'capped' })
      expect(created.status, created.text).toBe(201)
    })
  })

  describe('the returned record', () => {
    it('holds only the fields the role may read; the row holds what was written', async () => {
      const response = await send(
        library,
        'PATCH',
        '/api/Author/id/3',
        { email: 'chiara@example.net', birthYear: 1982 },
        { role: 'biographer' },
      )
      expect(response.status, response.text).toBe(200)
      expect(response.body.value).toEqual([{ id: 3, name: 'Chiara Moretti', birthYear: 1982 }])
      expect(await read(library, '/api/Author/id/3')).toEqual([
        { id: 3, name: 'Chiara Moretti', birthYear: 1982, email: 'chiara@example.net' },
      ])
    })

    it('is empty for a role without read', async () => {
      const response = await send(library, 'PATCH', '/api/Book/id/14', { pages: 269 }, { role: 'scribe' })
      expect(response.status, response.text).toBe(200)
      expect(response.text).toBe('{"value":[]}')
      expect(await read(library, '/api/Book/id/14?$select=pages')).toEqual([{ pages: 269 }])
    })

    it('is returned only when the row satisfies the read policy', async () => {
      const visible = await send(library, 'PATCH', '/api/Book/id/17', { pages: 297 }, { role: 'narrow-reader' })
      expect(visible.status, visible.text).toBe(200)
      expect(visible.body.value).toEqual([{ id: 17, title: 'Moonlight over Kyoto', publisher_id: 1 }])
      const hidden = await send(library, 'PATCH', '/api/Book/id/16', { pages: 213 }, { role: 'narrow-reader' })
      expect(hidden.status, hidden.text).toBe(200)
      expect(hidden.text).toBe('{"value":[]}')
      expect(await read(library, '/api/Book/id/16?$select=pages')).toEqual([{ pages: 213 }])
    })

    it('a created row the read policy hides still gets its Location when the role may read the key (DAB)', async () => {
      const created = await send(
        library,
        'POST',
        '/api/Book',
        { title: 'Hidden', publisher_id: 2 },
        { role: 'narrow-reader' },
      )
      expect(created.status, created.text).toBe(201)
      expect(created.text).toBe('{"value":[]}')
      const id = /\/api\/Book\/id\/(\d+)$/.exec(String(created.headers['location']))?.[1]
      expect(id, String(created.headers['location'])).toBeDefined()
      expect(await read(library, `/api/Book/id/${id}?$select=title,publisher_id`)).toEqual([
        { title: 'Hidden', publisher_id: 2 },
      ])
      // Without read at all, no key may be shown.
      const blind = await send(library, 'POST', '/api/Book', { title: 'Blind', publisher_id: 2 }, { role: 'scribe' })
      expect(blind.status, blind.text).toBe(201)
      expect(blind.headers['location']).toBeUndefined()
    })
  })

  describe('row policies', () => {
    it('an update policy hides rows: a hidden row behaves as absent (404) and stays unchanged', async () => {
      const hidden = await expectUnchanged(library, 'Book', () =>
        send(library, 'PATCH', '/api/Book/id/2', { title: 'x' }, { role: 'lighthouse' }),
      )
      expectError(
        hidden,
        404,
        'Cannot perform INSERT and could not find Book with primary key <id: 2> to perform UPDATE on.',
      )
      const withIfMatch = await expectUnchanged(library, 'Book', () =>
        send(
          library,
          'PUT',
          '/api/Book/id/2',
          { title: 'x', publisher_id: 2 },
          { role: 'lighthouse', headers: { 'if-match': '*' } },
        ),
      )
      expectError(withIfMatch, 404, 'No Update could be performed, record not found')
      const shown = await send(library, 'PATCH', '/api/Book/id/20', { pages: 305 }, { role: 'lighthouse' })
      expect(shown.status, shown.text).toBe(200)
    })

    it('a delete policy hides rows: 404 for a hidden row, which stays', async () => {
      const response = await expectUnchanged(library, 'Book', () =>
        send(library, 'DELETE', '/api/Book/id/9', undefined, { role: 'lighthouse' }),
      )
      expectError(response, 404, 'Could not find item with <id: 9>')
    })

    it('an upsert whose existing row the update policy hides is 403, and the row stays', async () => {
      const response = await expectUnchanged(library, 'BookAuthor', () =>
        send(library, 'PUT', '/api/BookAuthor/book_id/2/author_id/2', { royalty_percentage: 50 }, { role: 'book-one' }),
      )
      expect(response.status, response.text).toBe(403)
      expect(response.body.error.code).toBe('Authorization Failure')
      const visible = await send(
        library,
        'PATCH',
        '/api/BookAuthor/book_id/1/author_id/1',
        { royalty_percentage: 2 },
        { role: 'book-one' },
      )
      expect(visible.status, visible.text).toBe(200)
      const absent = await send(
        library,
        'PUT',
        '/api/BookAuthor/book_id/2/author_id/1',
        { royalty_percentage: 2 },
        { role: 'book-one' },
      )
      expect(absent.status, absent.text).toBe(201)
    })

    it('an upsert onto a row the update policy hides is 403 even when the body meets the create policy — never a 409 naming the constraint', async () => {
      for (const method of ['PUT', 'PATCH'] as const) {
        const response = await expectUnchanged(library, 'BookAuthor', () =>
          send(
            library,
            method,
            '/api/BookAuthor/book_id/2/author_id/2',
            { royalty_percentage: 50 },
            { role: 'policy-pair' },
          ),
        )
        expect(response.status, `${method} ${response.text}`).toBe(403)
        expect(response.text).not.toMatch(/pkey|constraint|already exists/)
      }
    })

    it('a create policy guards inserts: a new row that meets it is created, one that does not is 403 and nothing is created', async () => {
      const refused = await expectUnchanged(library, 'Book', () =>
        send(library, 'POST', '/api/Book', { title: 'x', publisher_id: 2 }, { role: 'guarded-creator' }),
      )
      expect(refused.status, refused.text).toBe(403)
      expect(refused.body.error.code).toBe('Authorization Failure')
      const created = await send(
        library,
        'POST',
        '/api/Book',
        { title: 'guarded', publisher_id: 1 },
        { role: 'guarded-creator' },
      )
      expect(created.status, created.text).toBe(201)
      expect(created.body.value).toMatchObject([{ title: 'guarded', publisher_id: 1 }])
    })

    it('a write that may insert must give every field its create policy names, whether the row exists or not (DAB)', async () => {
      const post = await expectUnchanged(library, 'Book', () =>
        send(library, 'POST', '/api/Book', { title: 'x', publisher_id: 1 }, { role: 'priced-creator' }),
      )
      expect(post.body).toEqual({
        error: {
          code: 'Authorization Failure',
          message: 'One or more fields referenced by the database policy are not present in the request body.',
          status: 403,
        },
      })
      // PUT and PATCH with a key the caller chooses are upserts: refused even onto an existing row, as DAB does.
      const existing = '/api/BookAuthor/book_id/1/author_id/1'
      expect(await read(library, existing)).toHaveLength(1)
      for (const method of ['PUT', 'PATCH'] as const) {
        const upsert = await expectUnchanged(library, 'BookAuthor', () =>
          send(library, method, existing, {}, { role: 'rated-linker' }),
        )
        expect(upsert.status, upsert.text).toBe(403)
        expect(upsert.body.error.message).toBe(
          'One or more fields referenced by the database policy are not present in the request.',
        )
      }
      // Update-only (If-Match: *) never inserts, so the create policy does not apply.
      const update = await send(
        library,
        'PATCH',
        existing,
        { royalty_percentage: 7 },
        {
          role: 'rated-linker',
          headers: { 'if-match': '*' },
        },
      )
      expect(update.status, update.text).toBe(200)
      const given = await send(library, 'PATCH', existing, { royalty_percentage: 8 }, { role: 'rated-linker' })
      expect(given.status, given.text).toBe(200)
      const priced = await send(
        library,
        'POST',
        '/api/Book',
        { title: 'p', publisher_id: 1, price: 5 },
        {
          role: 'priced-creator',
        },
      )
      expect(priced.status, priced.text).toBe(201)
    })

    it('an upsert under a create policy: existing rows update whatever the policy; absent rows insert only when they meet it', async () => {
      for (const [url, meets] of [
        ['/api/BookAuthor/book_id/1/author_id/29', true],
        ['/api/BookAuthor/book_id/2/author_id/29', false],
      ] as const) {
        const before = await read(library, url)
        expect(before, url).toEqual([])
        if (meets) {
          const inserted = await send(library, 'PUT', url, { royalty_percentage: 1 }, { role: 'guarded-linker' })
          expect(inserted.status, inserted.text).toBe(201)
        } else {
          const refused = await expectUnchanged(library, 'BookAuthor', () =>
            send(library, 'PUT', url, { royalty_percentage: 1 }, { role: 'guarded-linker' }),
          )
          expect(refused.status, refused.text).toBe(403)
          expect(refused.body.error.code).toBe('Authorization Failure')
        }
      }
      // An existing row outside the create policy is still updated: the policy governs inserts only.
      const existing = (await read(library, '/api/BookAuthor?$filter=book_id%20ne%201&$first=1'))[0] as {
        book_id: number
        author_id: number
      }
      const updated = await send(
        library,
        'PATCH',
        `/api/BookAuthor/book_id/${existing.book_id}/author_id/${existing.author_id}`,
        { royalty_percentage: 3 },
        { role: 'guarded-linker' },
      )
      expect(updated.status, updated.text).toBe(200)
      expect(updated.body.value).toMatchObject([
        { book_id: existing.book_id, author_id: existing.author_id, royalty_percentage: 3 },
      ])
    })
  })
})
