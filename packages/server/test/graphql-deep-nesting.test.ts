import { describe, expect, it } from 'vitest'
import { errorMessages, graphql } from './graphql-helpers.js'
import { useLibraryServer } from './support/library-test-server.js'

/** `books → publisher → books → publisher …` nested `levels` relationships deep, one row per page. */
function nestedBooks(levels: number): string {
  let inner = 'title'
  for (let level = levels; level > 0; level--) {
    inner =
      level % 2 === 1
        ? `id publisher { id ${inner === 'title' ? 'name' : inner} }`
        : `id books(first: 1) { items { ${inner} } }`
  }
  return `{ books(first: 1, orderBy: { id: ASC }) { items { ${inner} } } }`
}

describe('deeply nested GraphQL reads', () => {
  const library = useLibraryServer()

  it("compile at any depth: table aliases stay short and unique past every engine's identifier limit", async () => {
    for (const levels of [21, 25]) {
      const res = await graphql(library, nestedBooks(levels))
      expect(errorMessages(res), `${levels} levels`).toEqual([])
      let node = res.body.data.books.items[0]
      for (let level = 1; level <= levels; level++) {
        node = level % 2 === 1 ? node.publisher : node.books.items[0]
        expect(node, `level ${level} of ${levels}`).toBeDefined()
      }
    }
  })
})

describe('the query cost limit (runtime.limits.max-query-cost)', () => {
  const library = useLibraryServer({ runtime: { limits: { 'max-query-cost': 20000 } } })
  // Every book of the sample has 30 loans: books → loans → book → loans really reads 60 × 30 × 30 rows. Loans are
  // for signed-in callers.
  const bomb = '{ books { items { loans { items { book { loans { items { id } } } } } } } }'
  const signedIn = { role: 'authenticated' }

  it('refuses a fan-out bomb before any SQL: the whole document, 400 with only the error naming the cost and the limit', async () => {
    const res = await graphql(library, bomb, signedIn)
    expect(res.status).toBe(400)
    expect(res.body.data).toBeUndefined()
    // 60 books (the table's rows) × (1 + 30 loans (the most one book has) × (1 + 1 book × (1 + 30 loans)))
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        message:
          'The request would read up to 57660 rows, more than the limit of 20000 (runtime.limits.max-query-cost); ask for fewer rows per page (first) or nest fewer relationships.',
        extensions: expect.objectContaining({ sluiceCode: 'SLUICE_ERR_QUERY_COST', status: 400 }),
      }),
    ])
  })

  it('admits the same shape with small pages, and counts every root field of a document against one budget', async () => {
    const small = await graphql(
      library,
      '{ books(first: 10) { items { loans(first: 5) { items { book { loans(first: 5) { items { id } } } } } } } }',
      signedIn,
    )
    expect(errorMessages(small)).toEqual([])
    // 1,500 of the 1,800 loans per root field: the page size, below the table's rows
    const fields = (n: number) =>
      Array.from({ length: n }, (_, i) => `l${i}: loans(first: 1500) { items { id } }`).join(' ')
    expect(errorMessages(await graphql(library, `{ ${fields(13)} }`, signedIn))).toEqual([])
    // thirteen root fields fit (19,500 rows); the fourteenth would make 21,000: the document is refused as a whole
    const many = await graphql(library, `{ ${fields(14)} }`, signedIn)
    expect(many.status).toBe(400)
    expect(errorMessages(many)).toEqual([
      expect.stringContaining('The request would read up to 21000 rows, more than the limit of 20000'),
    ])
  })

  it('bounds REST reads with the same limit (MCP reads go through the same pipeline stage)', async () => {
    const rest = await library.request(
      `/api/Book?$expand=${encodeURIComponent('loans($expand=book($expand=loans))')}`,
      signedIn,
    )
    expect(rest.status).toBe(400)
    expect(rest.body.error.message).toContain('more than the limit of 20000')
    // $first=-1 asks for up to 100,000 rows, but the table has 1,800: within the limit
    expect((await library.request('/api/Loan?$first=-1', signedIn)).status).toBe(200)
  })
})
