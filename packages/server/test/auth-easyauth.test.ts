import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'

// EasyAuth providers over HTTP (dab.md §2.2): the platform's X-MS-CLIENT-PRINCIPAL header is trusted only when a
// provider that reads it is configured; an unreadable header is a 401, never anonymous; and with no provider
// configured, a forged header is ignored.

const principal = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64')
const swa = (roles: string[]) =>
  principal({
    identityProvider: 'aad',
    userId: 'u-1',
    userDetails: 'ada@example.com',
    userRoles: ['anonymous', 'authenticated', ...roles],
  })

// Loans are readable only by `authenticated` and `librarian`-like roles in these overrides; authors' email only by `authenticated`.
const entities = {
  Loan: {
    permissions: [
      { role: 'librarian', actions: ['read'] },
      { role: 'authenticated', actions: [{ action: 'read', fields: { include: ['id'] } }] },
    ],
  },
}

describe('StaticWebApps provider (production, with the platform guard lifted)', () => {
  const library = useLibraryServer({
    runtime: {
      host: {
        mode: 'production',
        authentication: { provider: 'StaticWebApps', 'trust-client-principal-header': true },
      },
    },
    entities,
  })

  it('makes the caller authenticated with the roles of the principal; the role header picks among them', async () => {
    const asAuthenticated = await library.request('/api/Loan/id/1', {
      headers: { 'x-ms-client-principal': swa(['librarian']) },
    })
    expect(asAuthenticated.status, asAuthenticated.text).toBe(200)
    expect(asAuthenticated.body.value).toEqual([{ id: 1 }])
    const asLibrarian = await library.request('/api/Loan/id/1', {
      headers: { 'x-ms-client-principal': swa(['librarian']), 'x-ms-api-role': 'Librarian' },
    })
    expect(asLibrarian.status, asLibrarian.text).toBe(200)
    expect(Object.keys(asLibrarian.body.value[0]).length).toBeGreaterThan(1)
    const notHeld = await library.request('/api/Loan/id/1', {
      headers: { 'x-ms-client-principal': swa([]), 'x-ms-api-role': 'librarian' },
    })
    expect(notHeld.status, notHeld.text).toBe(403)
    expect(notHeld.body.error.code).toBe('Authorization Failure')
  })

  it('treats a request without the header as anonymous, and refuses an unreadable header with 401', async () => {
    expect((await library.request('/api/Loan/id/1')).status).toBe(403)
    for (const bad of [
      'not base64 json',
      principal({ userRoles: null }),
      Buffer.from('{"userRoles":', 'utf8').toString('base64'),
    ]) {
      const response = await library.request('/api/Book/id/1', { headers: { 'x-ms-client-principal': bad } })
      expect(response.status, `${bad}: ${response.text}`).toBe(401)
      expect(response.body.error.status).toBe(401)
      expect(String(response.headers['www-authenticate'])).toMatch(/^EasyAuth/)
    }
  })
})

describe('no authentication provider configured (production)', () => {
  const library = useLibraryServer({ runtime: { host: { mode: 'production' } }, entities })

  it('ignores a forged X-MS-CLIENT-PRINCIPAL: the caller stays anonymous', async () => {
    const response = await library.request('/api/Loan/id/1', {
      headers: { 'x-ms-client-principal': swa(['librarian']), 'x-ms-api-role': 'librarian' },
    })
    expect(response.status, response.text).toBe(403)
    expect(response.body).toEqual({
      error: {
        code: 'Authorization Failure',
        message: 'The current role does not have permission to perform this action.',
        status: 403,
      },
    })
  })
})
