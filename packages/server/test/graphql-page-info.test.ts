import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type SluiceServer } from '../src/index.js'
import { buildLibraryConfig, requestJson } from './support/library-test-server.js'
import { recordStatements } from './support/record-statements.js'

/**
 * A root list whose selection reads neither `hasNextPage` nor `endCursor` has no use for the extra row that tells
 * whether another page exists: its statement reads exactly `first` rows. With either paging field selected it reads
 * one more, and the answer says whether more follow.
 */
let server: SluiceServer
let statements: string[] = []

beforeAll(async () => {
  server = await createServer({ config: buildLibraryConfig(), logger: false })
  statements = recordStatements(server)
})
afterAll(async () => {
  await server?.close()
})

async function query(text: string): Promise<{ body: unknown; sql: string }> {
  statements.length = 0
  const response = await requestJson(server.app, '/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ query: text }),
  })
  expect(response.status).toBe(200)
  expect(statements).toHaveLength(1)
  return { body: response.body, sql: statements[0]! }
}

describe('a root list and its paging fields', () => {
  it('reads exactly `first` rows when the selection reads no paging value', async () => {
    const { body, sql } = await query('{ books(first: 2) { items { id } } }')
    expect(sql).toMatch(/LIMIT 2\b/)
    expect(sql).not.toMatch(/LIMIT 3\b/)
    expect(body).toEqual({ data: { books: { items: [{ id: 1 }, { id: 2 }] } } })
  })

  it.each([['hasNextPage'], ['endCursor']])(
    'reads one row more when the selection reads %s, and says more follow',
    async (field) => {
      const { body, sql } = await query(`{ books(first: 2) { items { id } ${field} } }`)
      expect(sql).toMatch(/LIMIT 3\b/)
      const page = (body as { data: { books: Record<string, unknown> } }).data.books
      expect(page['items']).toEqual([{ id: 1 }, { id: 2 }])
      if (field === 'hasNextPage') expect(page['hasNextPage']).toBe(true)
      else expect(typeof page['endCursor']).toBe('string')
    },
  )

  it('with totalCount alone still counts every matching record', async () => {
    const { body, sql } = await query('{ books(first: 1) { items { id } totalCount } }')
    expect(sql).toMatch(/LIMIT 1\b/)
    const total = (body as { data: { books: { totalCount: number } } }).data.books.totalCount
    expect(total).toBeGreaterThan(1)
  })
})
