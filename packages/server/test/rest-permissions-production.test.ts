import { describe, expect, it } from 'vitest'
import { isErrorEnvelope, useLibraryServer } from './support/library-test-server.js'

const FORBIDDEN =
  '{"error":{"code":"Authorization Failure","message":"The current role does not have permission to perform this action.","status":403}}'

describe('permissions in production mode (without an authentication provider every caller is anonymous)', () => {
  const library = useLibraryServer({ runtime: { host: { mode: 'production' } } })

  it('ignores X-MS-API-ROLE from an anonymous caller: a role it does not hold gives it nothing', async () => {
    for (const role of ['authenticated', 'editor', 'Authenticated']) {
      const response = await library.request('/api/Loan', { role })
      expect(response.status, role).toBe(403)
      expect(response.text).toBe(FORBIDDEN)
    }
  })

  it('still leaves out fields excluded for anonymous, whatever role the header names', async () => {
    const response = await library.request('/api/Author/id/1', { role: 'authenticated' })
    expect(response.status).toBe(200)
    expect(response.body.value).toEqual([{ id: 1, name: 'Ada Whitfield', birthYear: 1962 }])
    const select = await library.request('/api/Author?$select=email', { role: 'authenticated' })
    expect(select.status).toBe(400)
    expect(isErrorEnvelope(select)).toBe(true)
  })

  it('serves what anonymous may read', async () => {
    const response = await library.request('/api/Book/id/4?$select=title', { role: 'editor' })
    expect(response.status).toBe(200)
    expect(response.body.value).toEqual([{ title: 'SQL_CONN' }])
  })
})
