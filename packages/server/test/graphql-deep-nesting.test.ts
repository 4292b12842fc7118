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
