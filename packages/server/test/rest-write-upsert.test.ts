import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'
import { recordStatements } from './support/record-statements.js'
import { expectError, expectUnchanged, read, send, withWriteFixtures } from './support/write-helpers.js'

// PUT and PATCH without If-Match (SPEC REST writes rules 2, 3 and 5): on a key the caller chooses, insert when absent
// (201, no Location), replace (PUT) or merge (PATCH) when present (200); on a generated key, update only (404 when
// absent). Keys covered: a primary key (BookAuthor, StockItem), a unique constraint (TagByName), a key declared only
// in config (Publisher by name, no unique constraint) and a view (CheapBook); the last two run as update-then-insert.
// Also PUT's reset of omitted fields to their column default.
describe('PUT and PATCH as upserts', () => {
  const library = useLibraryServer(
    withWriteFixtures({ entities: { Publisher: { fields: [{ name: 'name', 'primary-key': true }] } } }),
  )

  it('PUT on an absent key inserts: 201 with the record, no Location, and the row exists', async () => {
    const response = await send(library, 'PUT', '/api/BookAuthor/book_id/1/author_id/2', { royalty_percentage: 3 })
    expect(response.status, response.text).toBe(201)
    expect(Object.keys(response.body)).toEqual(['value'])
    expect(response.body.value).toEqual([{ book_id: 1, author_id: 2, royalty_percentage: 3 }])
    expect(response.headers['location']).toBeUndefined()
    expect(await read(library, '/api/BookAuthor/book_id/1/author_id/2')).toEqual(response.body.value)
  })

  it('PUT on an existing key replaces the row: 200, no Location; an omitted field goes back to its default', async () => {
    expect(await read(library, '/api/BookAuthor/book_id/2/author_id/2')).toEqual([
      { book_id: 2, author_id: 2, royalty_percentage: 7.5 },
    ])
    const replaced = await send(library, 'PUT', '/api/BookAuthor/book_id/2/author_id/2', { royalty_percentage: 9.25 })
    expect(replaced.status, replaced.text).toBe(200)
    expect(replaced.body.value).toEqual([{ book_id: 2, author_id: 2, royalty_percentage: 9.25 }])
    expect(replaced.headers['location']).toBeUndefined()

    const reset = await send(library, 'PUT', '/api/BookAuthor/book_id/2/author_id/2', {})
    expect(reset.status, reset.text).toBe(200)
    expect(reset.body.value).toEqual([{ book_id: 2, author_id: 2, royalty_percentage: 0 }])
    expect(await read(library, '/api/BookAuthor/book_id/2/author_id/2')).toEqual(reset.body.value)
  })

  it('PUT resets omitted fields to the column default, or NULL without one, and leaves generated columns to the database', async () => {
    const [before] = await read(library, '/api/StockItem/sku/A-1')
    expect(before).toMatchObject({
      sku: 'A-1',
      name: 'Bookmark',
      quantity: 10,
      unit_price: 1.5,
      total_value: 15,
      note: 'paper',
    })
    const response = await send(library, 'PUT', '/api/StockItem/sku/A-1', { name: 'Bookmark, leather', quantity: 4 })
    expect(response.status, response.text).toBe(200)
    expect(response.body.value).toEqual([
      {
        sku: 'A-1',
        name: 'Bookmark, leather',
        quantity: 4,
        unit_price: null,
        total_value: null,
        line_no: before.line_no,
        note: 'none',
      },
    ])
    expect(await read(library, '/api/StockItem/sku/A-1')).toEqual(response.body.value)
  })

  it('PUT inserting a new row fills omitted fields with their defaults', async () => {
    const response = await send(library, 'PUT', '/api/StockItem/sku/C-1', { name: 'Globe', unit_price: 30 })
    expect(response.status, response.text).toBe(201)
    const [record] = response.body.value
    expect(record).toMatchObject({
      sku: 'C-1',
      name: 'Globe',
      quantity: 0,
      unit_price: 30,
      total_value: 0,
      note: 'none',
    })
    expect(typeof record.line_no).toBe('number')
    expect(response.headers['location']).toBeUndefined()
  })

  it('PATCH on an existing key changes only the given fields (200), even when it omits a NOT NULL column without default', async () => {
    const response = await send(library, 'PATCH', '/api/StockItem/sku/A-2', { quantity: 3 })
    expect(response.status, response.text).toBe(200)
    expect(response.body.value).toEqual([
      expect.objectContaining({
        sku: 'A-2',
        name: 'Reading lamp',
        quantity: 3,
        unit_price: 25,
        total_value: 75,
        note: null,
      }),
    ])
    expect(response.headers['location']).toBeUndefined()
    expect(await read(library, '/api/StockItem/sku/A-2')).toEqual(response.body.value)
  })

  it('PATCH that cannot be one ON CONFLICT statement updates an existing row in one statement, and inserts in a transaction', async () => {
    const statements = recordStatements(library.server)
    // name is NOT NULL without a default: PostgreSQL would refuse the proposed row of an ON CONFLICT upsert.
    const updated = await send(library, 'PATCH', '/api/StockItem/sku/A-1', { quantity: 9 })
    expect(updated.status, updated.text).toBe(200)
    expect(statements).toEqual([expect.stringMatching(/\bUPDATE\b/)])
    expect(await read(library, '/api/StockItem/sku/A-1')).toEqual([
      expect.objectContaining({ sku: 'A-1', quantity: 9 }),
    ])

    // A key declared only in config has no unique constraint for ON CONFLICT: the update finds nothing, and a
    // transaction updates again (the row may have been inserted since) and inserts.
    statements.length = 0
    const created = await send(library, 'PATCH', '/api/Publisher/name/Quay%20Books', { country: 'NZ' })
    expect(created.status, created.text).toBe(201)
    expect(created.body.value).toEqual([expect.objectContaining({ name: 'Quay Books', country: 'NZ' })])
    expect(statements.map((sql) => /^(BEGIN|END)$|\b(UPDATE|INSERT)\b/.exec(sql)?.[0])).toEqual([
      'UPDATE',
      'BEGIN',
      'UPDATE',
      'INSERT',
      'END',
    ])
  })

  it('PATCH {} on an existing row answers 200 with the row unchanged', async () => {
    const before = await read(library, '/api/BookAuthor/book_id/12/author_id/10')
    expect(before).toEqual([{ book_id: 12, author_id: 10, royalty_percentage: 12 }])
    const response = await send(library, 'PATCH', '/api/BookAuthor/book_id/12/author_id/10', {})
    expect(response.status, response.text).toBe(200)
    expect(response.body.value).toEqual(before)
    expect(await read(library, '/api/BookAuthor/book_id/12/author_id/10')).toEqual(before)
  })

  it('PATCH on an absent key inserts (201, no Location), defaults for the rest', async () => {
    const response = await send(library, 'PATCH', '/api/BookAuthor/book_id/3/author_id/1', {})
    expect(response.status, response.text).toBe(201)
    expect(response.body.value).toEqual([{ book_id: 3, author_id: 1, royalty_percentage: 0 }])
    expect(response.headers['location']).toBeUndefined()
    const again = await send(library, 'PATCH', '/api/BookAuthor/book_id/3/author_id/1', { royalty_percentage: 1.5 })
    expect(again.status).toBe(200)
    expect(await read(library, '/api/BookAuthor/book_id/3/author_id/1')).toEqual([
      { book_id: 3, author_id: 1, royalty_percentage: 1.5 },
    ])
  })

  it('takes the composite key in either order in the URL', async () => {
    const response = await send(library, 'PATCH', '/api/BookAuthor/author_id/3/book_id/2', { royalty_percentage: 8 })
    expect(response.status, response.text).toBe(200)
    expect(await read(library, '/api/BookAuthor/book_id/2/author_id/3')).toEqual([
      { book_id: 2, author_id: 3, royalty_percentage: 8 },
    ])
  })

  it('an upsert creates one row per key and never touches other rows', async () => {
    const others = (await read(library, '/api/BookAuthor?$filter=book_id%20eq%204')).length
    expect(
      (await send(library, 'PUT', '/api/BookAuthor/book_id/4/author_id/1', { royalty_percentage: 1 })).status,
    ).toBe(201)
    expect(
      (await send(library, 'PUT', '/api/BookAuthor/book_id/4/author_id/1', { royalty_percentage: 2 })).status,
    ).toBe(200)
    expect(
      (await send(library, 'PATCH', '/api/BookAuthor/book_id/4/author_id/1', { royalty_percentage: 3 })).status,
    ).toBe(200)
    const rows = await read(library, '/api/BookAuthor?$filter=book_id%20eq%204')
    expect(rows).toHaveLength(others + 1)
    expect(rows.filter((r) => r.author_id === 1)).toEqual([{ book_id: 4, author_id: 1, royalty_percentage: 3 }])
    expect(rows.find((r) => r.author_id === 10)).toEqual({ book_id: 4, author_id: 10, royalty_percentage: 15 })
  })

  it('upserts on a key that is a unique constraint rather than the primary key', async () => {
    const created = await send(library, 'PUT', '/api/TagByName/name/poetry', {})
    expect(created.status, created.text).toBe(201)
    const { id } = created.body.value[0]
    expect(created.body.value).toEqual([{ id, name: 'poetry' }])
    const updated = await send(library, 'PATCH', '/api/TagByName/name/poetry', {})
    expect(updated.status, updated.text).toBe(200)
    expect(updated.body.value).toEqual([{ id, name: 'poetry' }])
    expect(await read(library, '/api/Tag?$filter=name%20eq%20%27poetry%27')).toEqual([{ id, name: 'poetry' }])
  })

  it('upserts on a key declared only in config (no unique constraint in the database)', async () => {
    const created = await send(library, 'PUT', '/api/Publisher/name/Harbour%20House', { country: 'IE' })
    expect(created.status, created.text).toBe(201)
    const { id } = created.body.value[0]
    expect(created.body.value).toEqual([{ id, name: 'Harbour House', country: 'IE' }])
    const updated = await send(library, 'PATCH', '/api/Publisher/name/Harbour%20House', { country: 'GB' })
    expect(updated.status, updated.text).toBe(200)
    expect(updated.body.value).toEqual([{ id, name: 'Harbour House', country: 'GB' }])
    expect(await read(library, '/api/Publisher?$filter=name%20eq%20%27Harbour%20House%27')).toEqual(updated.body.value)
  })

  it('upserts through an updatable view: 200 for a row it shows, 201 for a new key', async () => {
    const updated = await send(library, 'PATCH', '/api/CheapBook/id/1', { title: 'The Quiet Harbour (2nd ed.)' })
    expect(updated.status, updated.text).toBe(200)
    expect(updated.body.value).toEqual([{ id: 1, title: 'The Quiet Harbour (2nd ed.)', publisher_id: 1, price: 14.99 }])
    expect((await read(library, '/api/Book/id/1'))[0].title).toBe('The Quiet Harbour (2nd ed.)')

    const created = await send(library, 'PUT', '/api/CheapBook/id/90001', {
      title: 'Via the view',
      publisher_id: 2,
      price: 5,
    })
    expect(created.status, created.text).toBe(201)
    expect(created.body.value).toEqual([{ id: 90001, title: 'Via the view', publisher_id: 2, price: 5 }])
    expect(created.headers['location']).toBeUndefined()
    expect(await read(library, '/api/Book/id/90001?$select=id,title,publisher_id,price')).toEqual(created.body.value)
  })

  it('PUT on an existing generated key replaces the row (200): omitted writable fields go back to their defaults', async () => {
    const [before] = await read(library, '/api/Book/id/18')
    expect(before).toMatchObject({ title: 'Stars Without Names', pages: 352, inPrint: true, isbn: '9781900002264' })
    const response = await send(library, 'PUT', '/api/Book/id/18', {
      title: 'Stars Without Names',
      publisher_id: 7,
      inPrint: false,
    })
    expect(response.status, response.text).toBe(200)
    expect(response.headers['location']).toBeUndefined()
    const [record] = response.body.value
    expect(record).toMatchObject({
      id: 18,
      title: 'Stars Without Names',
      publisher_id: 7,
      publishedOn: null,
      price: null,
      pages: null,
      inPrint: false,
      isbn: null,
    })
    // created_at is writable and has a default (now()), so a PUT that leaves it out resets it.
    expect(record.created_at).not.toBe(before.created_at)
    expect(await read(library, '/api/Book/id/18')).toEqual([record])
  })

  it.each(['PUT', 'PATCH'] as const)(
    '%s on an absent generated key is 404 (no insert with an explicit generated key)',
    async (method) => {
      const response = await expectUnchanged(library, 'Book', () =>
        send(library, method, '/api/Book/id/99999', { title: 'x', publisher_id: 1 }),
      )
      expectError(
        response,
        404,
        'Cannot perform INSERT and could not find Book with primary key <id: 99999> to perform UPDATE on.',
      )
    },
  )

  it('a serial key is generated too: PATCH on an absent one is 404, creating nothing', async () => {
    const response = await expectUnchanged(library, 'Tag', () =>
      send(library, 'PATCH', '/api/Tag/id/77', { name: 'ghost' }),
    )
    expectError(
      response,
      404,
      'Cannot perform INSERT and could not find Tag with primary key <id: 77> to perform UPDATE on.',
    )
  })
})
