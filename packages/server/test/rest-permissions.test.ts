import { describe, expect, it } from 'vitest'
import { isErrorEnvelope, useLibraryServer } from './support/library-test-server.js'

const FORBIDDEN =
  '{"error":{"code":"Authorization Failure","message":"The current role does not have permission to perform this action.","status":403}}'

describe('permissions in development mode (X-MS-API-ROLE selects the role)', () => {
  const library = useLibraryServer()

  it.each(['/api/Loan', '/api/Loan/id/1', '/api/Loan?$first=5&$select=id&$orderby=loanedOn%20desc'])(
    'an anonymous caller gets 403 with the exact Authorization Failure body for an entity it may not read: %s',
    async (url) => {
      const response = await library.request(url)
      expect(response.status).toBe(403)
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      expect(response.text).toBe(FORBIDDEN)
    },
  )

  it.each([
    '/api/Loan?$select=nope',
    '/api/Loan?$filter=nope%20eq%201',
    '/api/Loan?$orderby=nope',
    '/api/Loan/nope/1',
    '/api/Loan?$select=member',
  ])(
    "a caller without read permission gets the same 403 whatever fields it names, so it cannot probe the entity's fields: %s",
    async (url) => {
      const response = await library.request(url)
      expect(response.status).toBe(403)
      expect(response.text).toBe(FORBIDDEN)
    },
  )

  it('naming the anonymous role explicitly changes nothing', async () => {
    const response = await library.request('/api/Loan', { role: 'anonymous' })
    expect(response.status).toBe(403)
    expect(response.text).toBe(FORBIDDEN)
  })

  it('the authenticated role may read it', async () => {
    const response = await library.request('/api/Loan/id/1', { role: 'authenticated' })
    expect(response.status).toBe(200)
    expect(response.body.value).toEqual([
      { id: 1, book_id: 38, member: 'Leo Rossi', loanedOn: '2021-09-01', returnedOn: '2021-09-14' },
    ])
  })

  it('silently leaves out fields excluded for the role when there is no $select', async () => {
    const collection = await library.request('/api/Author?$first=3')
    expect(collection.status).toBe(200)
    for (const author of collection.body.value) expect(Object.keys(author)).toEqual(['id', 'name', 'birthYear'])
    const one = await library.request('/api/Author/id/1')
    expect(one.body.value).toEqual([{ id: 1, name: 'Ada Whitfield', birthYear: 1962 }])
  })

  it('shows those fields to a role that may read them', async () => {
    const one = await library.request('/api/Author/id/1', { role: 'authenticated' })
    expect(one.body.value).toEqual([
      { id: 1, name: 'Ada Whitfield', birthYear: 1962, email: 'ada.whitfield@example.org' },
    ])
    const collection = await library.request('/api/Author?$first=3', { role: 'authenticated' })
    for (const author of collection.body.value)
      expect(Object.keys(author)).toEqual(['id', 'name', 'birthYear', 'email'])
  })

  it('rejects an excluded field named in $select, $filter or $orderby with 400, as if it did not exist', async () => {
    for (const url of [
      '/api/Author?$select=email',
      '/api/Author?$filter=email%20eq%20null',
      '/api/Author?$orderby=email',
      '/api/Author/id/1?$select=name,email',
    ]) {
      const response = await library.request(url)
      expect(response.status, url).toBe(400)
      expect(isErrorEnvelope(response)).toBe(true)
      expect(response.body.error.message).toMatch(/^Invalid field 'email' in \$(select|filter|orderby)$/)
    }
  })

  it('a custom role reads what its permission grants (editor reads Book)', async () => {
    const response = await library.request('/api/Book/id/4?$select=id,title', { role: 'editor' })
    expect(response.status).toBe(200)
    expect(response.body.value).toEqual([{ id: 4, title: 'SQL_CONN' }])
  })

  it('a custom role not configured on an entity falls back to authenticated (Data API builder 2.x inheritance)', async () => {
    const author = await library.request('/api/Author/id/1', { role: 'editor' })
    expect(author.body.value[0]).toHaveProperty('email', 'ada.whitfield@example.org')
    expect((await library.request('/api/Loan/id/1', { role: 'editor' })).status).toBe(200)
  })

  it('matches the role name case-insensitively', async () => {
    const response = await library.request('/api/Loan/id/1', { role: 'Authenticated' })
    expect(response.status).toBe(200)
  })

  it('treats an empty role header as anonymous', async () => {
    const response = await library.request('/api/Loan', { role: '' })
    expect(response.status).toBe(403)
  })

  it('rejects a repeated role header with 403', async () => {
    const response = await library.request('/api/Book/id/1', {
      headers: { 'x-ms-api-role': ['authenticated', 'anonymous'] },
    })
    expect(response.status).toBe(403)
    expect(isErrorEnvelope(response)).toBe(true)
  })
})
