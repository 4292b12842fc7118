import { describe, expect, it } from 'vitest'
import { dataOf, errorMessages, graphql } from './graphql-helpers.js'
import { useLibraryServer } from './support/library-test-server.js'
import { recordStatements } from './support/record-statements.js'

/** `n` aliased root fields of one document. */
function fields(n: number, field: (i: number) => string): string {
  return `{ ${Array.from({ length: n }, (_, i) => `f${i}: ${field(i)}`).join(' ')} }`
}

describe('one budget per GraphQL document, checked before any SQL (issue 36)', () => {
  const library = useLibraryServer({
    runtime: { limits: { 'max-query-cost': 20000, 'max-statements-per-request': 50 } },
  })

  it('refuses a document over the cost limit as a whole: no statement runs, not even the root fields that fit', async () => {
    const statements = recordStatements(library.server)
    // 12 × 1,800 loans (the whole table, below the page size asked for) = 21,600 rows, over 20,000
    const response = await graphql(
      library,
      fields(12, () => 'loans(first: 4500) { items { id } }'),
      { role: 'authenticated' },
    )
    expect(response.status).toBe(400)
    expect(response.body.errors).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ sluiceCode: 'SLUICE_ERR_QUERY_COST' }) }),
    ])
    expect(statements).toEqual([])
  })

  it('bounds the statements of one request (runtime.limits.max-statements-per-request), before any runs', async () => {
    const statements = recordStatements(library.server)
    const fits = await graphql(
      library,
      fields(50, (i) => `book_by_pk(id: ${(i % 5) + 1}) { id }`),
    )
    expect(Object.keys(dataOf(fits))).toHaveLength(50)
    expect(statements).toHaveLength(50)
    statements.length = 0
    const over = await graphql(
      library,
      fields(51, (i) => `book_by_pk(id: ${(i % 5) + 1}) { id }`),
    )
    expect(over.status).toBe(400)
    expect(over.body.errors).toEqual([
      expect.objectContaining({
        message:
          'The request would run more than 50 statements (runtime.limits.max-statements-per-request); send fewer root fields or split the request.',
        extensions: expect.objectContaining({ sluiceCode: 'SLUICE_ERR_TOO_MANY_STATEMENTS', status: 400 }),
      }),
    ])
    expect(statements).toEqual([])
  })

  it('refuses a bomb of aliases before validating it: past the statement bound by counting root fields, past 50,000 tokens while parsing', async () => {
    const statements = recordStatements(library.server)
    const aliases = await graphql(
      library,
      fields(2000, (i) => `book_by_pk(id: ${i}) { id }`),
    )
    expect(aliases.status).toBe(400)
    expect(aliases.body.errors).toEqual([
      expect.objectContaining({
        extensions: expect.objectContaining({ sluiceCode: 'SLUICE_ERR_TOO_MANY_STATEMENTS' }),
      }),
    ])
    const huge = await graphql(
      library,
      fields(5000, (i) => `book_by_pk(id: ${i}) { id }`),
    )
    expect(huge.status).toBe(400)
    expect(huge.body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('Document contains more that 50000 tokens'),
        extensions: expect.objectContaining({ sluiceCode: 'SLUICE_ERR_GRAPHQL_SYNTAX' }),
      }),
    ])
    expect(statements).toEqual([])
  })

  it("counts a mutation's statements too: a delete that returns its record reads it first", async () => {
    const statements = recordStatements(library.server)
    const over = await graphql(
      library,
      `mutation { ${Array.from({ length: 26 }, (_, i) => `d${i}: deleteBook(id: ${900000 + i}) { id }`).join(' ')} }`,
      { role: 'authenticated' },
    )
    expect(over.status).toBe(400)
    expect(errorMessages(over)).toEqual([expect.stringContaining('more than 50 statements')])
    expect(statements).toEqual([])
  })

  it('runs each statement once: a by-key read that finds nothing is not run again to write its error', async () => {
    const statements = recordStatements(library.server)
    const response = await graphql(
      library,
      '{ found: book_by_pk(id: 1) { id title } missing: book_by_pk(id: 987654) { id title } }',
    )
    expect(response.body.data).toEqual({ found: { id: 1, title: expect.any(String) }, missing: null })
    expect(errorMessages(response)).toEqual(['Could not find item with the given key.'])
    expect(response.body.errors[0].path).toEqual(['missing'])
    expect(statements).toHaveLength(2)
  })

  it('runs each statement once when one root field is refused by core and another succeeds', async () => {
    const statements = recordStatements(library.server)
    const response = await graphql(
      library,
      '{ books(first: 1) { items { id } } book_by_pk(id: 1) { id nosuchfield: title } bad: books(first: 0) { items { id } } }',
    )
    expect(response.body.data.books.items).toHaveLength(1)
    expect(response.body.data.bad).toBeNull()
    expect(errorMessages(response)).toEqual([expect.stringContaining('Invalid number of items requested')])
    expect(statements).toHaveLength(2)
  })
})

describe('GraphQL groupBy, bounded (issue 36)', () => {
  const library = useLibraryServer({ runtime: { limits: { 'max-query-cost': 5000 } } })

  it('refuses a group field selection that is not grouped by with a 400 naming the field, not a 500', async () => {
    const response = await graphql(
      library,
      '{ publishers { groupBy(fields: [name]) { fields { id } aggregations { count(field: id) } } } }',
    )
    expect(response.status).toBe(200)
    expect(response.body.data).toEqual({ publishers: null })
    expect(response.body.errors).toEqual([
      expect.objectContaining({
        message:
          "Invalid aggregation: Groupby fields in selection must match the fields in the groupby argument: 'id' is not grouped by.",
        extensions: expect.objectContaining({ sluiceCode: 'SLUICE_ERR_INVALID_AGGREGATE', status: 400 }),
      }),
    ])
  })

  it('builds at most `first` groups (the default page size without it), in the order of the group fields', async () => {
    const all = dataOf(await graphql(library, '{ books(first: -1) { groupBy(fields: [id]) { fields { id } } } }')).books
      .groupBy
    expect(all.length).toBeGreaterThan(3)
    const firstThree = dataOf(await graphql(library, '{ books(first: 3) { groupBy(fields: [id]) { fields { id } } } }'))
      .books.groupBy
    expect(firstThree).toEqual(all.slice(0, 3))
  })

  it('counts groups against the cost limit like rows', async () => {
    // at most the 1,800 loans' groups each, whatever `first` asks for: two fit (3,600), three (5,400) are over 5,000
    const groups = (n: number) =>
      `{ ${Array.from({ length: n }, (_, i) => `g${i}: loans(first: 100000) { groupBy(fields: [id]) { fields { id } } }`).join(' ')} }`
    expect(errorMessages(await graphql(library, groups(2), { role: 'authenticated' }))).toEqual([])
    const response = await graphql(library, groups(3), { role: 'authenticated' })
    expect(response.status).toBe(400)
    expect(errorMessages(response)).toEqual([expect.stringContaining('The request would read up to 5400 rows')])
  })
})
