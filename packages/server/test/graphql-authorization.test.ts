import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'
import { jwtRuntime, token } from './support/jwt-helpers.js'
import { dataOf, errorMessages, graphql, restRows } from './graphql-helpers.js'

// Authorization through GraphQL is core's (the same as REST's): role × action, field access on every part of a
// request — selection, filter, orderBy, key arguments, input items — and row policies bound to the caller's claims.
const OWN = '@item.member eq @claims.sub'
const AISHA = 'Aisha Khan'

describe('GraphQL authorization with JWT claims (production)', () => {
  const library = useLibraryServer({
    runtime: jwtRuntime('production'),
    entities: {
      Loan: {
        permissions: [
          {
            role: 'authenticated',
            actions: [
              { action: 'read', policy: { database: OWN }, fields: { include: ['*'], exclude: ['returned_on'] } },
              { action: 'update', policy: { database: OWN } },
              { action: 'create', policy: { database: OWN } },
              { action: 'delete', policy: { database: OWN } },
            ],
          },
          { role: 'librarian', actions: ['*'] },
        ],
      },
    },
  })
  const as = async (claims: Record<string, unknown>) => ({
    headers: { authorization: `Bearer ${await token(claims)}` },
  })
  const librarian = async () => ({ ...(await as({ sub: 'staff', roles: ['librarian'] })), role: 'librarian' })

  it('a list returns only the rows the read policy admits, for every filter and page', async () => {
    const data = dataOf(
      await graphql(
        library,
        '{ loans(first: -1, orderBy: { id: ASC }) { items { id member } } }',
        await as({ sub: AISHA }),
      ),
    )
    expect(data.loans.items.length).toBeGreaterThan(0)
    expect(data.loans.items.every((l: any) => l.member === AISHA)).toBe(true)
    const all = dataOf(
      await graphql(
        library,
        `{ loans(first: -1, filter: { member: { eq: "${AISHA}" } }) { items { id } } }`,
        await librarian(),
      ),
    )
    expect(data.loans.items.map((l: any) => l.id)).toEqual(all.loans.items.map((l: any) => l.id))
  })

  it('a by-key read of a row the policy hides is the not-found error entry', async () => {
    const other = dataOf(
      await graphql(
        library,
        '{ loans(first: 1, filter: { member: { neq: "Aisha Khan" } }) { items { id } } }',
        await librarian(),
      ),
    ).loans.items[0]
    const response = await graphql(library, `{ loan_by_pk(id: ${other.id}) { id } }`, await as({ sub: AISHA }))
    expect(response.body.data).toEqual({ loan_by_pk: null })
    expect(response.body.errors[0].extensions.sluiceCode).toBe('SLUICE_ERR_ITEM_NOT_FOUND')
  })

  it("refuses fields outside the role's read fields in the selection, filter, orderBy and by-key selection", async () => {
    const headers = await as({ sub: AISHA })
    const cases: Array<[string, string]> = [
      ['{ loans { items { id returnedOn } } }', "Invalid field 'returnedOn' in selection"],
      ['{ loans(filter: { returnedOn: { isNull: true } }) { items { id } } }', "Invalid field 'returnedOn' in filter"],
      ['{ loans(orderBy: { returnedOn: DESC }) { items { id } } }', "Invalid field 'returnedOn' in orderBy"],
      ['{ loan_by_pk(id: 40) { returnedOn } }', "Invalid field 'returnedOn' in selection"],
    ]
    for (const [document, message] of cases) {
      const response = await graphql(library, document, headers)
      expect(response.status, document).toBe(200)
      expect(errorMessages(response), document).toEqual([message])
      expect(response.body.errors[0].extensions, document).toEqual({
        code: 'AuthorizationCheckFailed',
        sluiceCode: 'SLUICE_ERR_INVALID_FIELD',
        status: 400,
      })
    }
  })

  it('update and delete of a row the policy hides are not-found errors and change nothing', async () => {
    const other = dataOf(
      await graphql(
        library,
        '{ loans(first: 1, filter: { member: { neq: "Aisha Khan" } }) { items { id member } } }',
        await librarian(),
      ),
    ).loans.items[0]
    const headers = await as({ sub: AISHA })
    const update = await graphql(
      library,
      `mutation { updateLoan(id: ${other.id}, item: { member: "Mallory" }) { id } }`,
      headers,
    )
    expect(update.body.errors[0].extensions.status).toBe(404)
    const remove = await graphql(library, `mutation { deleteLoan(id: ${other.id}) { id } }`, headers)
    expect(remove.body.errors[0].extensions.status).toBe(404)
    const after = dataOf(await graphql(library, `{ loan_by_pk(id: ${other.id}) { member } }`, await librarian()))
    expect(after.loan_by_pk.member).toBe(other.member)
  })

  it('a create the create policy refuses inserts nothing', async () => {
    const response = await graphql(
      library,
      'mutation { createLoan(item: { book_id: 1, member: "Someone Else", loanedOn: "2025-01-01" }) { id } }',
      await as({ sub: AISHA }),
    )
    expect(response.body.data).toEqual({ createLoan: null })
    expect(response.body.errors[0].extensions.status).toBe(403)
    const own = dataOf(
      await graphql(
        library,
        `mutation { createLoan(item: { book_id: 1, member: "${AISHA}", loanedOn: "2025-01-01" }) { id member } }`,
        await as({ sub: AISHA }),
      ),
    )
    expect(own.createLoan.member).toBe(AISHA)
  })

  it('an anonymous caller (no token) gets 403 errors for entities only authenticated roles may read', async () => {
    const response = await graphql(library, '{ loans { items { id } } }')
    expect(response.body.data).toEqual({ loans: null })
    expect(response.body.errors[0]).toMatchObject({
      message: 'The current role does not have permission to perform this action.',
      extensions: { status: 403 },
    })
  })

  it('a role header for a role the token does not hold is refused for the whole request (403)', async () => {
    const response = await graphql(library, '{ books { items { id } } }', {
      ...(await as({ sub: AISHA })),
      role: 'librarian',
    })
    expect(response.status).toBe(403)
    expect(response.body.errors[0].extensions.sluiceCode).toBe('SLUICE_ERR_ROLE_NOT_HELD')
  })

  it('an invalid token is a 401 with a challenge', async () => {
    const response = await graphql(library, '{ books { items { id } } }', {
      headers: { authorization: 'Bearer not-a-token' },
    })
    expect(response.status).toBe(401)
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/)
    expect(response.body.errors[0].extensions.sluiceCode).toBe('SLUICE_ERR_INVALID_TOKEN')
  })
})

describe('GraphQL field access on inputs (development role header)', () => {
  const library = useLibraryServer({
    entities: {
      Author: {
        permissions: [
          { role: 'anonymous', actions: [{ action: 'read', fields: { exclude: ['email'] } }] },
          { role: 'authenticated', actions: ['*'] },
          { role: 'intern', actions: ['read', { action: 'create', fields: { exclude: ['email'] } }] },
        ],
      },
    },
  })

  it('refuses an input field the role may not write and inserts nothing', async () => {
    const response = await graphql(
      library,
      'mutation { createAuthor(item: { name: "Intern Pick", email: "x@example.org" }) { id } }',
      { role: 'intern' },
    )
    expect(errorMessages(response)).toEqual(["Invalid field 'email' in item"])
    expect(await restRows(library, "/api/Author?$filter=name eq 'Intern Pick'", 'authenticated')).toEqual([])
    const ok = dataOf(
      await graphql(library, 'mutation { createAuthor(item: { name: "Intern Pick" }) { name } }', { role: 'intern' }),
    )
    expect(ok.createAuthor).toEqual({ name: 'Intern Pick' })
  })

  it('gives each role its own view of the same query', async () => {
    const document = '{ author_by_pk(id: 1) { id email } }'
    expect(errorMessages(await graphql(library, document))).toEqual(["Invalid field 'email' in selection"])
    expect(dataOf(await graphql(library, document, { role: 'authenticated' })).author_by_pk.id).toBe(1)
  })
})
