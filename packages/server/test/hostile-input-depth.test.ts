import { describe, expect, it } from 'vitest'
import { graphql } from './graphql-helpers.js'
import { useLibraryServer } from './support/library-test-server.js'

/** `{"a":[{"a":[… 1 …]}]}` nested `depth` levels, as JSON text (built without recursion). */
function nestedJson(depth: number): string {
  return '{"a":['.repeat(depth) + '1' + ']}'.repeat(depth)
}

// Every recursion over client input is bounded: values, documents and filters nested thousands of levels deep are
// clean 4xx answers, never a stack overflow (500).
describe('input nested thousands of levels deep', () => {
  const library = useLibraryServer()

  it('a procedure parameter (REST POST body) is a 400', async () => {
    const res = await library.request('/api/BooksByPublisher', {
      method: 'POST',
      payload: `{"publisher":${nestedJson(5000)}}`,
    })
    expect(res.status, res.text).toBe(400)
    expect(res.body.error.message).toMatch(/parameter 'publisher'/)
  })

  it('a key value, a body field and a filter literal are 400s', async () => {
    const body = await library.request('/api/Book', {
      method: 'POST',
      role: 'authenticated',
      payload: `{"title":${nestedJson(5000)}}`,
    })
    expect(body.status, body.text).toBe(400)
    const filter = await library.request(
      `/api/Book?$filter=${encodeURIComponent('('.repeat(3000) + 'id eq 1' + ')'.repeat(3000))}`,
    )
    expect(filter.status, filter.text).toBe(400)
  })

  it('a GraphQL document and GraphQL variables are 400s or errors, never a 500', async () => {
    const document = await graphql(
      library,
      `{ books { items { ${'publisher { books { items { '.repeat(2000)} id ${'} } }'.repeat(2000)} } } }`,
    )
    expect(document.status, document.text.slice(0, 300)).toBeLessThan(500)
    const deepFilter = '{"and":['.repeat(3000) + '{}' + ']}'.repeat(3000)
    const variables = await library.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      payload: `{"query":"query ($f: BookFilterInput) { books(filter: $f) { items { id } } }","variables":{"f":${deepFilter}}}`,
    })
    expect(variables.status, variables.text.slice(0, 300)).toBeLessThan(500)
  })
})
