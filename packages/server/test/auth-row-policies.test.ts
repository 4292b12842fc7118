import { describe, expect, it } from 'vitest'
import { query, type JsonResponse, useLibraryServer } from './support/library-test-server.js'
import { call, expectError, FORBIDDEN_BODY, jwtRuntime, MISSING_CLAIM_BODY, token } from './support/jwt-helpers.js'

// Row policies bound to the JWT's claims (`@claims.<claim>`), over REST in production: reads see only matching rows,
// update/delete of a hidden row is 404, create policies guard inserts (403, nothing inserted), a claim the token
// lacks is 403, and a write's returned record follows the role's read fields and read policy.
const OWN = '@item.member eq @claims.sub'

describe('row policies with JWT claims (production)', () => {
  const library = useLibraryServer({
    runtime: jwtRuntime('production'),
    entities: {
      Loan: {
        permissions: [
          {
            role: 'authenticated',
            actions: [
              // Rule 4: rows and columns filtered together.
              { action: 'read', policy: { database: OWN }, fields: { include: ['*'], exclude: ['returned_on'] } },
              { action: 'update', policy: { database: OWN } },
              { action: 'delete', policy: { database: OWN } },
              { action: 'create', policy: { database: OWN } },
            ],
          },
          // Sees and may do everything: the ground truth.
          { role: 'librarian', actions: ['*'] },
          // Reads only their own loans, but may record anyone's (the returned record then is hidden).
          { role: 'desk', actions: [{ action: 'read', policy: { database: OWN } }, 'create'] },
        ],
      },
      Book: {
        permissions: [
          { role: 'anonymous', actions: ['read'] },
          // A numeric claim compared with an integer column.
          {
            role: 'branch',
            actions: [{ action: 'read', policy: { database: '@item.publisher_id eq @claims.publisher' } }],
          },
        ],
      },
    },
  })

  // Sample members (library.sql): loan g belongs to member [1 + (g * 11) % 40] → Aisha Khan: g ≡ 0 (mod 40);
  // Ben Carter: g ≡ 11 (mod 40).
  const AISHA = 'Aisha Khan'
  const aishaIds = Array.from({ length: 45 }, (_, i) => 40 * (i + 1))
  const asAisha = () => token({ sub: AISHA })
  const asLibrarian = () => token({ sub: 'staff-1', roles: ['librarian'] })

  async function truth(url: string): Promise<any[]> {
    const response = await call(library, url, { token: await asLibrarian(), role: 'librarian' })
    expect(response.status, `${url}: ${response.text}`).toBe(200)
    return response.body.value
  }

  describe('reads', () => {
    it("a collection read returns only the rows matching the claim, with the role's fields", async () => {
      const response = await call(library, `/api/Loan${query({ $first: 100, $orderby: 'id' })}`, {
        token: await asAisha(),
      })
      expect(response.status, response.text).toBe(200)
      expect(response.body.value.map((r: any) => r.id)).toEqual(aishaIds)
      for (const row of response.body.value) {
        expect(Object.keys(row).sort()).toEqual(['book_id', 'id', 'loanedOn', 'member'])
        expect(row.member).toBe(AISHA)
      }
      expect(response.body.nextLink).toBeUndefined()
    })

    it('a user filter cannot widen the policy', async () => {
      const response = await call(library, `/api/Loan${query({ $filter: "member eq 'Ben Carter' or id lt 45" })}`, {
        token: await asAisha(),
      })
      expect(response.status, response.text).toBe(200)
      expect(response.body.value.map((r: any) => r.id)).toEqual([40])
    })

    it('by key: an own row is returned; a row the policy hides is 200 with an empty value', async () => {
      const own = await call(library, '/api/Loan/id/40', { token: await asAisha() })
      expect(own.status, own.text).toBe(200)
      expect(own.body.value).toEqual([expect.objectContaining({ id: 40, member: AISHA })])
      const hidden = await call(library, '/api/Loan/id/11', { token: await asAisha() })
      expect(hidden.status, hidden.text).toBe(200)
      expect(hidden.text).toBe('{"value":[]}')
      expect(await truth('/api/Loan/id/11')).toEqual([expect.objectContaining({ id: 11, member: 'Ben Carter' })])
    })

    it('a numeric claim filters an integer column', async () => {
      const response = await call(library, `/api/Book${query({ $select: 'id,publisher_id', $first: 100 })}`, {
        token: await token({ sub: 'b', roles: ['branch'], publisher: 2 }),
        role: 'branch',
      })
      expect(response.status, response.text).toBe(200)
      expect(response.body.value.length).toBeGreaterThan(0)
      expect(response.body.value.every((r: any) => r.publisher_id === 2)).toBe(true)
      const all = await call(library, `/api/Book${query({ $filter: 'publisher_id eq 2', $first: 100 })}`)
      expect(response.body.value).toHaveLength(all.body.value.length)
    })

    it('a policy naming a claim the token lacks is 403 (reads and writes)', async () => {
      const noSub = await token({ sub: undefined, name: AISHA })
      const read = await call(library, '/api/Loan', { token: noSub })
      expect(read.status).toBe(403)
      expect(read.text).toBe(MISSING_CLAIM_BODY)
      const byKey = await call(library, '/api/Loan/id/40', { token: noSub })
      expect(byKey.text).toBe(MISSING_CLAIM_BODY)
      const patch = await call(library, '/api/Loan/id/40', {
        method: 'PATCH',
        token: noSub,
        body: { returnedOn: '2030-01-01' },
      })
      expect(patch.status).toBe(403)
      expect(patch.text).toBe(MISSING_CLAIM_BODY)
      const branch = await call(library, '/api/Book', {
        token: await token({ sub: 'b', roles: ['branch'] }),
        role: 'branch',
      })
      expect(branch.status).toBe(403)
      expect(branch.text).toBe(MISSING_CLAIM_BODY)
    })
  })

  describe('update and delete', () => {
    it('PATCH and PUT of a row the update policy hides are 404, and the row is unchanged', async () => {
      const [before] = await truth('/api/Loan/id/51')
      const patch = await call(library, '/api/Loan/id/51', {
        method: 'PATCH',
        token: await asAisha(),
        body: { returnedOn: '2030-01-01' },
      })
      expectError(
        patch,
        404,
        'Cannot perform INSERT and could not find Loan with primary key <id: 51> to perform UPDATE on.',
      )
      const put = await call(library, '/api/Loan/id/51', {
        method: 'PUT',
        token: await asAisha(),
        body: { book_id: 1, member: AISHA, loanedOn: '2030-01-01' },
      })
      expectError(
        put,
        404,
        'Cannot perform INSERT and could not find Loan with primary key <id: 51> to perform UPDATE on.',
      )
      expect(await truth('/api/Loan/id/51')).toEqual([before])
    })

    it('DELETE of a hidden row is 404 and deletes nothing; an own row is deleted', async () => {
      const hidden = await call(library, '/api/Loan/id/91', { method: 'DELETE', token: await asAisha() })
      expectError(hidden, 404, 'Could not find item with <id: 91>')
      expect(await truth('/api/Loan/id/91')).toHaveLength(1)
      const own = await call(library, '/api/Loan/id/1800', { method: 'DELETE', token: await asAisha() })
      expect(own.status, own.text).toBe(204)
      expect(own.text).toBe('')
      expect(await truth('/api/Loan/id/1800')).toEqual([])
    })

    it('an own row is updated; the returned record leaves out the field the role may not read', async () => {
      const response = await call(library, '/api/Loan/id/80', {
        method: 'PATCH',
        token: await asAisha(),
        body: { returnedOn: '2030-01-02' },
      })
      expect(response.status, response.text).toBe(200)
      expect(response.body.value).toHaveLength(1)
      expect(Object.keys(response.body.value[0]).sort()).toEqual(['book_id', 'id', 'loanedOn', 'member'])
      expect(await truth('/api/Loan/id/80')).toEqual([
        expect.objectContaining({ id: 80, member: AISHA, returnedOn: '2030-01-02' }),
      ])
    })
  })

  describe('create', () => {
    // Rows inserted here get generated ids (≥ 5001); the seed's ids stop at 1800.
    const bens = (bookId: number): Promise<any[]> =>
      truth(`/api/Loan${query({ $filter: `id gt 1800 and member eq 'Ben Carter' and book_id eq ${bookId}` })}`)

    it('a row that fails the create policy is 403 and nothing is inserted', async () => {
      const response = await call(library, '/api/Loan', {
        method: 'POST',
        token: await asAisha(),
        body: { book_id: 3, member: 'Ben Carter', loanedOn: '2030-03-01' },
      })
      expect(response.status, response.text).toBe(403)
      expect(response.body.error).toEqual({
        code: 'Authorization Failure',
        message: 'Could not insert the row: the database policy of the current role does not allow it.',
        status: 403,
      })
      expect(response.headers['location']).toBeUndefined()
      expect(await bens(3)).toEqual([])
    })

    it("a row that meets the create policy is 201; the returned record holds the role's read fields", async () => {
      const response = await call(library, '/api/Loan', {
        method: 'POST',
        token: await asAisha(),
        body: { book_id: 3, member: AISHA, loanedOn: '2030-03-01', returnedOn: '2030-03-05' },
      })
      expect(response.status, response.text).toBe(201)
      const [record] = response.body.value
      expect(record).toEqual({ id: expect.any(Number), book_id: 3, member: AISHA, loanedOn: '2030-03-01' })
      expect(response.headers['location']).toBe(`http://localhost:80/api/Loan/id/${record.id}`)
      expect(await truth(`/api/Loan/id/${record.id}`)).toEqual([{ ...record, returnedOn: '2030-03-05' }])
    })

    it('a write whose row the read policy hides returns an empty value and, as Data API builder, its Location', async () => {
      const jwt = await token({ sub: AISHA, roles: ['desk'] })
      const response = await call(library, '/api/Loan', {
        method: 'POST',
        token: jwt,
        role: 'desk',
        body: { book_id: 4, member: 'Ben Carter', loanedOn: '2030-03-01' },
      })
      expect(response.status, response.text).toBe(201)
      expect(response.text).toBe('{"value":[]}')
      expect(response.headers['location']).toMatch(/^http:\/\/localhost:80\/api\/Loan\/id\/\d+$/)
      expect(await bens(4)).toEqual([expect.objectContaining({ book_id: 4, member: 'Ben Carter' })])
    })

    it('a role without create is still refused with the generic 403', async () => {
      const jwt = await token({ sub: 'b', roles: ['branch'], publisher: 2 })
      const response: JsonResponse = await call(library, '/api/Book', {
        method: 'POST',
        token: jwt,
        role: 'branch',
        body: { title: 'x', publisher_id: 2 },
      })
      expect(response.status).toBe(403)
      expect(response.text).toBe(FORBIDDEN_BODY)
    })
  })
})
