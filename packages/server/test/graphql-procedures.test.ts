import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'
import { dataOf, errorMessages, graphql, restRows } from './graphql-helpers.js'

/** Stored procedures of the library sample: BooksByPublisher and BookCount (graphql.operation query), ReturnLoan (mutation). */
describe('GraphQL execute{Entity} (stored procedures)', () => {
  const library = useLibraryServer()

  it('places procedures under Query or Mutation per graphql.operation, parameters as arguments', async () => {
    const schema = dataOf(
      await graphql(
        library,
        `
          {
            __schema {
              queryType {
                fields {
                  name
                  args {
                    name
                    type {
                      kind
                      name
                      ofType {
                        name
                      }
                    }
                  }
                  type {
                    kind
                    ofType {
                      kind
                      ofType {
                        kind
                        ofType {
                          name
                        }
                      }
                    }
                  }
                }
              }
              mutationType {
                fields {
                  name
                  args {
                    name
                    type {
                      kind
                      name
                      ofType {
                        name
                      }
                    }
                  }
                }
              }
            }
          }
        `,
      ),
    ).__schema
    const query = Object.fromEntries(schema.queryType.fields.map((f: any) => [f.name, f]))
    const mutation = Object.fromEntries(schema.mutationType.fields.map((f: any) => [f.name, f]))
    expect(query.executeBooksByPublisher.args).toEqual([
      { name: 'publisher', type: { kind: 'NON_NULL', name: null, ofType: { name: 'Int' } } },
      { name: 'min_price', type: { kind: 'SCALAR', name: 'Decimal', ofType: null } },
    ])
    expect(query.executeBooksByPublisher.type).toEqual({
      kind: 'LIST',
      ofType: { kind: 'NON_NULL', ofType: { kind: 'OBJECT', ofType: null } },
    })
    expect(query.executeBookCount).toBeDefined()
    expect(mutation.executeReturnLoan.args.map((a: any) => a.name)).toEqual(['loan_id', 'returned'])
    expect(query.executeReturnLoan).toBeUndefined()
  })

  it('returns the rows of the first result set, the same as REST', async () => {
    const data = dataOf(
      await graphql(
        library,
        '{ executeBooksByPublisher(publisher: 2, min_price: 20) { id title price } executeBookCount(in_print_only: true) { total } }',
      ),
    )
    const rest = await restRows(library, '/api/BooksByPublisher?publisher=2&min_price=20')
    expect(data.executeBooksByPublisher).toEqual(rest.map((r) => ({ id: r.id, title: r.title, price: r.price })))
    expect(data.executeBooksByPublisher.length).toBeGreaterThan(0)
    const [count] = await restRows(library, '/api/BookCount?in_print_only=true')
    expect(data.executeBookCount).toEqual([{ total: count.total }])
  })

  it('runs a mutation procedure for a role with execute and refuses others', async () => {
    const [loan] = await restRows(library, '/api/Loan?$filter=returnedOn eq null&$first=1', 'authenticated')
    const data = dataOf(
      await graphql(
        library,
        `mutation { executeReturnLoan(loan_id: ${loan.id}, returned: "2025-01-02") { stillOut } }`,
        { role: 'authenticated' },
      ),
    )
    expect(data.executeReturnLoan).toHaveLength(1)
    expect(typeof data.executeReturnLoan[0].stillOut).toBe('number')
    const [after] = await restRows(library, `/api/Loan/id/${loan.id}`, 'authenticated')
    expect(after.returnedOn).toBe('2025-01-02')
    const anonymous = await graphql(library, `mutation { executeReturnLoan(loan_id: ${loan.id}) { stillOut } }`)
    expect(anonymous.body.data).toEqual({ executeReturnLoan: null })
    expect(anonymous.body.errors[0].extensions).toEqual({
      code: 'AUTH_NOT_AUTHENTICATED',
      sluiceCode: 'SLUICE_ERR_FORBIDDEN',
      status: 403,
    })
  })

  it('needs required parameters (validation) and reports database errors as error entries', async () => {
    const missing = await graphql(library, '{ executeBooksByPublisher { id } }')
    expect(missing.status).toBe(400)
    expect(errorMessages(missing)[0]).toMatch(/argument "publisher" of type "Int!" is required/)
    const failing = await graphql(library, 'mutation { executeReturnLoan(loan_id: -1) { stillOut } }', {
      role: 'authenticated',
    })
    expect(failing.status).toBe(200)
    expect(failing.body.data).toEqual({ executeReturnLoan: null })
    expect(failing.body.errors[0].extensions.status).toBe(400)
  })
})
