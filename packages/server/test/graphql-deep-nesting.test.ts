import { describe, expect, it } from 'vitest'
import { errorMessages, graphql } from './graphql-helpers.js'
import { useLibraryServer } from './support/library-test-server.js'

/** `books → publisher → books → publisher …` nested `levels` relationships deep, one row per page. */
function nestedBooks(levels: number): string {
  let inner = 'title'
  for (let level = levels; level > 0; level--) {
    inner = level % 2 === 1 ? `id publisher { id ${inner === 'title' ? 'name' : inner} }` : `id books(first: 1) { items { ${inner} } }`
  }
  return `{ books(first: 1, orderBy: { id: ASC }) { items { ${inner} } } }`
}

describe('deeply nested GraphQL reads', () => {
  const library = useLibraryServer()

  it('compile at any depth: table aliases stay short and unique past every engine\'s identifier limit', async () => {
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
  const bomb = '{ books { items { authors { items { books { items { authors { items { name } } } } } } } } }'

  it('refuses a fan-out bomb before any SQL: the whole document, 400 with only the error naming the cost and the limit', async () => {
    const res = await graphql(library, bomb)
    expect(res.status).toBe(400)
    expect(res.body.data).toBeUndefined()
    // 100 books × (1 + 101 authors × (1 + 101 books × (1 + 101 authors)))
    expect(res.body.errors).toEqual([expect.objectContaining({
      message: 'The request would read up to 104060400 rows, more than the limit of 20000 (runtime.limits.max-query-cost); ask for fewer rows per page (first) or nest fewer relationships.',
      extensions: expect.objectContaining({ code: 'SLUICE_ERR_QUERY_COST', status: 400 }),
    })])
  })

  it('admits the same shape with small pages, and counts every root field of a document against one budget', async () => {
    const small = await graphql(library, '{ books(first: 10) { items { authors(first: 5) { items { name } } } } }')
    expect(errorMessages(small)).toEqual([])
    const fields = (n: number) => Array.from({ length: n }, (_, i) => `b${i}: books(first: 4500) { items { id } }`).join(' ')
    expect(errorMessages(await graphql(library, `{ ${fields(4)} }`))).toEqual([])
    // four root fields fit (18,000 rows); the fifth would make 22,500: the document is refused as a whole
    const many = await graphql(library, `{ ${fields(5)} }`)
    expect(many.status).toBe(400)
    expect(errorMessages(many)).toEqual([expect.stringContaining('The request would read up to 22500 rows, more than the limit of 20000')])
  })

  it('bounds REST reads with the same limit (MCP reads go through the same pipeline stage)', async () => {
    const rest = await library.request('/api/Book?$first=-1')
    expect(rest.status).toBe(400)
    expect(rest.body.error.message).toContain('more than the limit of 20000')
    expect((await library.request('/api/Book?$first=20000')).status).toBe(200)
  })
})
