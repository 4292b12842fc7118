import { describe, expect, it } from 'vitest'
import { query, useLibraryServer } from './support/library-test-server.js'

// The library sample publishes books_by_publisher (a set-returning function, GET and POST), book_count (a scalar
// function, GET only) and return_loan (a procedure run by CALL, POST only, authenticated callers).
const api = useLibraryServer()

describe('REST stored procedures: results', () => {
  it('GET passes query-string parameters and returns the first result set in value, without paging', async () => {
    const res = await api.request(`/api/BooksByPublisher${query({ publisher: 1 })}`)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(Object.keys(res.body)).toEqual(['value'])
    expect(res.body.value.length).toBeGreaterThan(0)
    for (const row of res.body.value) expect(Object.keys(row)).toEqual(['id', 'title', 'price', 'published'])
    const ids = res.body.value.map((r: { id: number }) => r.id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })

  it('agrees with a table read of the same rows (numbers stay numbers, dates stay ISO text)', async () => {
    const viaProcedure = await api.request(`/api/BooksByPublisher${query({ publisher: 1 })}`)
    const viaTable = await api.request(
      `/api/Book${query({ $filter: 'publisher_id eq 1', $select: 'id,title,price,publishedOn', $orderby: 'id', $first: -1 })}`,
    )
    expect(viaTable.status).toBe(200)
    const renamed = viaTable.body.value.map((b: Record<string, unknown>) => ({
      id: b['id'],
      title: b['title'],
      price: b['price'],
      published: b['publishedOn'],
    }))
    expect(viaProcedure.body.value).toEqual(renamed)
  })

  it('applies a config default when a parameter is omitted and the value sent when present', async () => {
    const all = await api.request(`/api/BooksByPublisher${query({ publisher: 1 })}`)
    const some = await api.request(`/api/BooksByPublisher${query({ publisher: 1, min_price: 20 })}`)
    expect(some.status).toBe(200)
    expect(some.body.value.length).toBeLessThan(all.body.value.length)
    for (const row of some.body.value) expect(row.price).toBeGreaterThanOrEqual(20)
  })

  it('POST takes parameters from a JSON body and answers 201 without Location', async () => {
    const res = await api.request('/api/BooksByPublisher', {
      method: 'POST',
      payload: JSON.stringify({ publisher: 1, min_price: 20 }),
    })
    expect(res.status).toBe(201)
    expect(res.headers['location']).toBeUndefined()
    const get = await api.request(`/api/BooksByPublisher${query({ publisher: 1, min_price: 20 })}`)
    expect(res.body).toEqual(get.body)
  })

  it('returns an empty array when the result set is empty', async () => {
    const res = await api.request(`/api/BooksByPublisher${query({ publisher: 999999 })}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ value: [] })
  })

  it("names a scalar function's single column after the function (aliased in config) and leaves database defaults to the database", async () => {
    const all = await api.request('/api/BookCount')
    expect(all.status).toBe(200)
    expect(all.body.value).toHaveLength(1)
    expect(Object.keys(all.body.value[0])).toEqual(['total'])
    // bigint: a JSON number, as the database's own JSON writes it.
    expect(typeof all.body.value[0].total).toBe('number')
    const inPrint = await api.request(`/api/BookCount${query({ in_print_only: 'true' })}`)
    expect(inPrint.body.value[0].total).toBeLessThanOrEqual(all.body.value[0].total)
    const table = await api.request(`/api/Book${query({ $first: -1, $select: 'id' })}`)
    expect(all.body.value[0].total).toBe(table.body.value.length)
  })

  it('runs a procedure by CALL and returns its OUT parameters as the one row', async () => {
    const out = await api.request(`/api/Loan${query({ $filter: 'returnedOn eq null', $first: -1, $select: 'id' })}`, {
      role: 'authenticated',
    })
    expect(out.status).toBe(200)
    const before = out.body.value.length as number
    const loanId = out.body.value[0].id as number
    const res = await api.request('/api/ReturnLoan', {
      method: 'POST',
      role: 'authenticated',
      payload: JSON.stringify({ loan_id: loanId, returned: '2024-05-01' }),
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ value: [{ stillOut: before - 1 }] })
    const loan = await api.request(`/api/Loan/id/${loanId}`, { role: 'authenticated' })
    expect(loan.body.value[0].returnedOn).toBe('2024-05-01')
  })

  it('turns an error the procedure raises on bad input into a 400', async () => {
    const res = await api.request('/api/ReturnLoan', {
      method: 'POST',
      role: 'authenticated',
      payload: JSON.stringify({ loan_id: -1 }),
    })
    expect(res.status).toBe(400)
    expect(res.body.error.status).toBe(400)
    expect(res.body.error.message).toMatch(/loan -1 is not out/)
  })
})

describe('REST stored procedures: parameters', () => {
  it('refuses a missing required parameter with 400, naming it (SPEC open point 3)', async () => {
    const res = await api.request('/api/BooksByPublisher')
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      error: {
        code: 'Bad Request',
        status: 400,
        message: 'Invalid request. Missing required procedure parameters: publisher for entity: BooksByPublisher',
      },
    })
  })

  it('refuses an unknown parameter with 400, in the query string and in the body', async () => {
    const get = await api.request(`/api/BooksByPublisher${query({ publisher: 1, color: 'red' })}`)
    expect(get.status).toBe(400)
    expect(get.body.error.message).toBe(
      'Invalid request. Contained unexpected fields: color for entity: BooksByPublisher',
    )
    const post = await api.request('/api/BooksByPublisher', {
      method: 'POST',
      payload: JSON.stringify({ publisher: 1, Publisher: 2 }),
    })
    expect(post.status).toBe(400)
    expect(post.body.error.message).toMatch(/unexpected fields: Publisher/)
  })

  it('ignores $filter, $orderby, $first and $after (SPEC: no effect on procedures) and refuses $select', async () => {
    const plain = await api.request('/api/BooksByPublisher?publisher=1')
    expect(plain.status).toBe(200)
    for (const option of ['$filter=id%20eq%202', '$first=1', '$orderby=title%20desc', '$after=abc']) {
      const res = await api.request(`/api/BooksByPublisher?publisher=1&${option}`)
      expect(res.status, option).toBe(200)
      expect(res.body, option).toEqual(plain.body)
    }
    const post = await api.request('/api/BooksByPublisher?$first=1', {
      method: 'POST',
      payload: JSON.stringify({ publisher: 1 }),
    })
    expect(post.status).toBe(201)
    const select = await api.request('/api/BooksByPublisher?publisher=1&$select=id')
    expect(select.status).toBe(400)
    expect(select.body.error.message).toContain('$select')
  })

  it('refuses a value that does not fit the parameter type, before any SQL runs', async () => {
    const res = await api.request(`/api/BooksByPublisher${query({ publisher: 'abc' })}`)
    expect(res.status).toBe(400)
    expect(res.body.error.message).toMatch(/parameter 'publisher'/)
    const body = await api.request('/api/BooksByPublisher', {
      method: 'POST',
      payload: JSON.stringify({ publisher: 1, min_price: 'cheap' }),
    })
    expect(body.status).toBe(400)
  })

  it('passes null for an explicit JSON null', async () => {
    const res = await api.request('/api/BooksByPublisher', {
      method: 'POST',
      payload: JSON.stringify({ publisher: null }),
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ value: [] })
  })

  it('refuses a parameter given twice and a body that is not an object', async () => {
    expect((await api.request('/api/BooksByPublisher?publisher=1&publisher=2')).status).toBe(400)
    expect((await api.request('/api/BooksByPublisher', { method: 'POST', payload: '[1]' })).status).toBe(400)
    expect((await api.request('/api/BooksByPublisher', { method: 'POST', payload: '{"publisher":' })).status).toBe(400)
    expect(
      (await api.request('/api/BooksByPublisher?publisher=1', { method: 'POST', payload: '{"publisher":1}' })).status,
    ).toBe(400)
  })
})

describe('REST stored procedures: methods, routes and permissions', () => {
  it('answers 405 with Allow for a method outside rest.methods (default POST only)', async () => {
    const put = await api.request('/api/BooksByPublisher', { method: 'PUT', payload: '{"publisher":1}' })
    expect(put.status).toBe(405)
    expect(put.headers['allow']).toBe('GET, POST')
    expect(put.body.error).toMatchObject({ status: 405 })
    const post = await api.request('/api/BookCount', { method: 'POST', payload: '{}' })
    expect(post.status).toBe(405)
    expect(post.headers['allow']).toBe('GET')
    const get = await api.request('/api/ReturnLoan?loan_id=1', { role: 'authenticated' })
    expect(get.status).toBe(405)
    expect(get.headers['allow']).toBe('POST')
  })

  it('refuses a primary key in the URL', async () => {
    const res = await api.request('/api/BooksByPublisher/id/1')
    expect(res.status).toBe(400)
  })

  it('needs execute: a role without it gets 403 before any parameter is checked', async () => {
    const res = await api.request('/api/ReturnLoan', { method: 'POST', payload: JSON.stringify({ nonsense: 1 }) })
    expect(res.status).toBe(403)
    expect(res.body.error.code).toBe('Authorization Failure')
  })

  it('expands * to execute for procedures', async () => {
    const res = await api.request(`/api/BooksByPublisher${query({ publisher: 1 })}`, { role: 'authenticated' })
    expect(res.status).toBe(200)
    expect(res.body.value.length).toBeGreaterThan(0)
  })
})
