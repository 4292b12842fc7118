import { describe, expect, it } from 'vitest'
import { query, startLibraryServer, useLibraryServer } from './support/library-test-server.js'

// Config variations of the sample's procedures: field access on results, REST switched off, start-up checks.

/** Each start-up check boots (and seeds) an in-memory database before the model is refused; a limit, not a timing. */
const BOOT_TIMEOUT = 120_000
const api = useLibraryServer({
  entities: {
    BooksByPublisher: {
      permissions: [
        { role: 'anonymous', actions: [{ action: 'execute', fields: { exclude: ['price'] } }] },
        { role: 'authenticated', actions: ['execute'] },
      ],
    },
    BookCount: { rest: { enabled: false } },
    ReturnLoan: { rest: { methods: ['post', 'delete'] } },
  },
})

describe('stored procedures: config', () => {
  it('leaves out result fields the execute action excludes, per role', async () => {
    const anonymous = await api.request(`/api/BooksByPublisher${query({ publisher: 1 })}`)
    expect(anonymous.status).toBe(200)
    for (const row of anonymous.body.value) expect(Object.keys(row)).toEqual(['id', 'title', 'published'])
    const authenticated = await api.request(`/api/BooksByPublisher${query({ publisher: 1 })}`, {
      role: 'authenticated',
    })
    for (const row of authenticated.body.value) expect(Object.keys(row)).toEqual(['id', 'title', 'price', 'published'])
  })

  it('has no REST endpoint with rest.enabled false', async () => {
    const res = await api.request('/api/BookCount')
    expect(res.status).toBe(404)
  })

  it('runs DELETE with query-string parameters and answers 204 without a body', async () => {
    const out = await api.request(`/api/Loan${query({ $filter: 'returnedOn eq null', $first: 1, $select: 'id' })}`, {
      role: 'authenticated',
    })
    const loanId = out.body.value[0].id as number
    const res = await api.request(`/api/ReturnLoan${query({ loan_id: loanId })}`, {
      method: 'DELETE',
      role: 'authenticated',
    })
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    const loan = await api.request(`/api/Loan/id/${loanId}`, { role: 'authenticated' })
    expect(loan.body.value[0].returnedOn).not.toBeNull()
  })
})

describe('stored procedures: start-up checks', () => {
  it(
    'refuses config parameters the routine does not declare, naming its parameters',
    async () => {
      const started = startLibraryServer({
        entities: { BooksByPublisher: { source: { parameters: [{ name: 'publisher_id', required: true }] } } },
      })
      await expect(started).rejects.toMatchObject({
        code: 'SLUICE_ERR_MODEL',
        message: expect.stringMatching(
          /'publisher_id' is not a parameter of public\.books_by_publisher \(its parameters: publisher, min_price\)\. Did you mean 'publisher'\?/,
        ),
      })
    },
    BOOT_TIMEOUT,
  )

  it(
    'refuses a default that does not fit the parameter type',
    async () => {
      const badDefault = startLibraryServer({
        entities: { BooksByPublisher: { source: { parameters: [{ name: 'min_price', default: 'cheap' }] } } },
      })
      await expect(badDefault).rejects.toMatchObject({
        code: 'SLUICE_ERR_MODEL',
        message: expect.stringMatching(/default "cheap" does not fit parameter 'min_price'/),
      })
    },
    BOOT_TIMEOUT,
  )

  it(
    'refuses row policies on procedures',
    async () => {
      const policy = startLibraryServer({
        entities: {
          BookCount: {
            permissions: [
              { role: 'anonymous', actions: [{ action: 'execute', policy: { database: '@item.total gt 0' } }] },
            ],
          },
        },
      })
      await expect(policy).rejects.toMatchObject({
        code: 'SLUICE_ERR_MODEL',
        message: expect.stringMatching(/row policies are not supported for stored procedures/),
      })
    },
    BOOT_TIMEOUT,
  )

  it(
    'refuses a stored-procedure entity whose object is a table',
    async () => {
      const started = startLibraryServer({ entities: { BookCount: { source: { object: 'public.books' } } } })
      await expect(started).rejects.toMatchObject({
        code: 'SLUICE_ERR_MODEL',
        message: expect.stringMatching(
          /source public\.books is a table in the database, but source.type says stored-procedure/,
        ),
      })
    },
    BOOT_TIMEOUT,
  )
})
