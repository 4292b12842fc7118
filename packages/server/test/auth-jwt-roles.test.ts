import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'
import { call, expectError, FORBIDDEN_BODY, jwtRuntime, STRANGER_KEY, token } from './support/jwt-helpers.js'

// Authentication through a JWT provider (static key) in production mode, end to end over REST: bad tokens are a
// 401 with the Bearer challenge (never an anonymous fall-back), no token is anonymous, and X-MS-API-ROLE selects
// the role by Data API builder's rules (docs/security.md "The model"; dab.md §1.3, §2.3).
describe('JWT authentication and role selection over REST (production)', () => {
  const library = useLibraryServer({
    runtime: jwtRuntime('production'),
    entities: {
      // Three roles that see different fields, so each response shows which role the caller acted as.
      Author: {
        permissions: [
          { role: 'anonymous', actions: [{ action: 'read', fields: { exclude: ['email'] } }] },
          { role: 'authenticated', actions: [{ action: 'read', fields: { include: ['id', 'name'] } }] },
          // Written in mixed case: role names compare case-insensitively.
          { role: 'Curator', actions: ['read'] },
        ],
      },
    },
  })

  const ANONYMOUS_VIEW = { id: 1, name: 'Ada Whitfield', birthYear: 1962 }
  const AUTHENTICATED_VIEW = { id: 1, name: 'Ada Whitfield' }
  const CURATOR_VIEW = { id: 1, name: 'Ada Whitfield', birthYear: 1962, email: 'ada.whitfield@example.org' }

  describe('tokens', () => {
    it('a token that cannot be accepted is 401 with the Bearer challenge, even where anonymous could read', async () => {
      const now = Math.floor(Date.now() / 1000)
      const bad: Record<string, string> = {
        expired: await token({ sub: 'u', iat: now - 7200, exp: now - 3600 }),
        'another audience': await token({ sub: 'u', aud: 'api://someone-else' }),
        'another issuer': await token({ sub: 'u', iss: 'urn:someone-else' }),
        'not valid yet': await token({ sub: 'u', nbf: now + 3600 }),
        'no exp': await token({ sub: 'u', exp: undefined }),
        'signed by another key': await token({ sub: 'u' }, STRANGER_KEY),
        malformed: 'not.a-jwt.at-all',
      }
      for (const [why, jwt] of Object.entries(bad)) {
        for (const url of ['/api/Author/id/1', '/api/Loan']) {
          const response = await call(library, url, { token: jwt })
          expectError(response, 401, /^The bearer token is not valid: .+\.$/)
          expect(response.headers['www-authenticate'], `${why} ${url}`).toBe('Bearer error="invalid_token"')
          expect(response.text, why).not.toContain(jwt)
        }
      }
    })

    it('a bad token is 401 on writes too, before any permission check, and writes nothing', async () => {
      const expired = await token({ sub: 'u', iat: 1, exp: 2 })
      const response = await call(library, '/api/Publisher', {
        method: 'POST',
        token: expired,
        body: { name: 'Ghost Press' },
      })
      expectError(response, 401, /^The bearer token is not valid: .+\.$/)
      expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"')
      const check = await call(library, `/api/Publisher?$filter=${encodeURIComponent("name eq 'Ghost Press'")}`, {
        token: await token({ sub: 'u' }),
      })
      expect(check.status, check.text).toBe(200)
      expect(check.body.value).toEqual([])
    })

    it('no token is anonymous: anonymous fields, no access where anonymous has none', async () => {
      const read = await call(library, '/api/Author/id/1')
      expect(read.status, read.text).toBe(200)
      expect(read.body).toEqual({ value: [ANONYMOUS_VIEW] })
      const loans = await call(library, '/api/Loan')
      expect(loans.status).toBe(403)
      expect(loans.text).toBe(FORBIDDEN_BODY)
    })

    it('a valid token is authenticated (Loan is readable only by authenticated)', async () => {
      const response = await call(library, '/api/Loan/id/1', { token: await token({ sub: 'u' }) })
      expect(response.status, response.text).toBe(200)
      expect(response.body.value).toHaveLength(1)
      expect(response.body.value[0]).toMatchObject({ id: 1 })
    })
  })

  describe('X-MS-API-ROLE', () => {
    it('an authenticated caller without the header acts as authenticated (even when the token holds other roles)', async () => {
      for (const roles of [undefined, ['curator']]) {
        const response = await call(library, '/api/Author/id/1', { token: await token({ sub: 'u', roles }) })
        expect(response.status, response.text).toBe(200)
        expect(response.body).toEqual({ value: [AUTHENTICATED_VIEW] })
      }
    })

    it("a role held in the token's roles claim is acted as, names compared case-insensitively", async () => {
      for (const [held, header] of [
        ['curator', 'curator'],
        ['CURATOR', 'curator'],
        ['curator', 'Curator'],
        ['Curator', 'CURATOR'],
      ]) {
        const response = await call(library, '/api/Author/id/1', {
          token: await token({ sub: 'u', roles: [held!] }),
          role: header,
        })
        expect(response.status, `${held} / ${header}: ${response.text}`).toBe(200)
        expect(response.body).toEqual({ value: [CURATOR_VIEW] })
      }
    })

    it('an authenticated caller may pick the system roles without holding them', async () => {
      const jwt = await token({ sub: 'u' })
      const anonymous = await call(library, '/api/Author/id/1', { token: jwt, role: 'anonymous' })
      expect(anonymous.status, anonymous.text).toBe(200)
      expect(anonymous.body).toEqual({ value: [ANONYMOUS_VIEW] })
      const authenticated = await call(library, '/api/Author/id/1', { token: jwt, role: 'Authenticated' })
      expect(authenticated.status, authenticated.text).toBe(200)
      expect(authenticated.body).toEqual({ value: [AUTHENTICATED_VIEW] })
    })

    it('a role the token does not hold is 403', async () => {
      for (const roles of [undefined, ['editor'], 'curator-ish']) {
        const response = await call(library, '/api/Author/id/1', {
          token: await token({ sub: 'u', roles }),
          role: 'curator',
        })
        expectError(response, 403, "The caller is not a member of the role 'curator' named in X-MS-API-ROLE.")
      }
    })

    it("an anonymous caller's role header is ignored: it stays anonymous", async () => {
      for (const role of ['curator', 'authenticated', 'Curator']) {
        const read = await call(library, '/api/Author/id/1', { role })
        expect(read.status, `${role}: ${read.text}`).toBe(200)
        expect(read.body).toEqual({ value: [ANONYMOUS_VIEW] })
        const loans = await call(library, '/api/Loan', { role })
        expect(loans.status, role).toBe(403)
        expect(loans.text).toBe(FORBIDDEN_BODY)
      }
    })

    it("a held role not configured on an entity falls back to authenticated's permissions there", async () => {
      const jwt = await token({ sub: 'u', roles: ['curator'] })
      // Loan: only `authenticated` (`*`) is configured.
      const loan = await call(library, '/api/Loan/id/2', { token: jwt, role: 'curator' })
      expect(loan.status, loan.text).toBe(200)
      expect(loan.body.value).toEqual([expect.objectContaining({ id: 2 })])
      // Publisher: authenticated may write; so may curator through the fall-back.
      const created = await call(library, '/api/Publisher', {
        method: 'POST',
        token: jwt,
        role: 'curator',
        body: { name: 'Curated Press' },
      })
      expect(created.status, created.text).toBe(201)
      expect(created.body.value).toEqual([expect.objectContaining({ name: 'Curated Press', country: null })])
    })
  })
})
