import { describe, expect, it } from 'vitest'
import { pathAndQuery, query, useLibraryServer } from './support/library-test-server.js'

type Row = Record<string, unknown>

function afterOf(nextLink: string): string {
  const after = new URL(nextLink).searchParams.get('$after')
  expect(after).toBeTruthy()
  return after!
}

describe('paging with $first and $after', () => {
  const library = useLibraryServer()

  /** Follows nextLink from `url` to the last page; returns every record and the number of pages. */
  const walk = async (url: string, role?: string): Promise<{ rows: Row[]; pages: number }> => {
    const rows: Row[] = []
    let next: string | undefined = url
    let pages = 0
    while (next !== undefined) {
      const response = await library.request(next, { role })
      expect(response.status, response.text).toBe(200)
      rows.push(...(response.body.value as Row[]))
      pages++
      expect(pages).toBeLessThan(500)
      next = response.body.nextLink === undefined ? undefined : pathAndQuery(response.body.nextLink)
    }
    return { rows, pages }
  }
  const readAll = async (entity: string, params: Record<string, string>, role?: string): Promise<Row[]> => {
    const response = await library.request(`/api/${entity}${query({ ...params, $first: -1 })}`, { role })
    expect(response.status, response.text).toBe(200)
    expect(response.body.nextLink).toBeUndefined()
    return response.body.value
  }

  it('$first=N returns N records and a nextLink while more rows exist', async () => {
    const { status, body } = await library.request('/api/Book?$first=7&$select=id')
    expect(status).toBe(200)
    expect(body.value.map((b: Row) => b.id)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(typeof body.nextLink).toBe('string')
  })

  it('omitting $first returns the default page size of 100', async () => {
    const { body } = await library.request('/api/Loan?$select=id', { role: 'authenticated' })
    expect(body.value).toHaveLength(100)
    expect(body.nextLink).toBeDefined()
  })

  it('$first=-1 returns up to the maximum page size: all 1,800 loans in one page, without nextLink', async () => {
    const { body } = await library.request('/api/Loan?$first=-1&$select=id', { role: 'authenticated' })
    expect(body.value).toHaveLength(1800)
    expect(body.nextLink).toBeUndefined()
  })

  it('has no nextLink when the page ends exactly at the last row, and one when a single row remains', async () => {
    expect((await library.request('/api/Book?$first=60&$select=id')).body.nextLink).toBeUndefined()
    const almost = await library.request('/api/Book?$first=59&$select=id')
    expect(almost.body.nextLink).toBeDefined()
    const last = await library.request(pathAndQuery(almost.body.nextLink))
    expect(last.body).toEqual({ value: [{ id: 60 }] })
  })

  it('walks all 1,800 loans in pages of 250 exactly as one $first=-1 read returns them', async () => {
    const all = await readAll('Loan', {}, 'authenticated')
    const { rows, pages } = await walk('/api/Loan?$first=250', 'authenticated')
    expect(pages).toBe(8)
    expect(rows).toEqual(all)
    expect(new Set(rows.map((r) => r.id)).size).toBe(1800)
  })

  it('walks all 1,800 loans ordered by returnedOn desc (open loans are NULL) without skipping or repeating a row', async () => {
    const all = await readAll('Loan', { $orderby: 'returnedOn desc' }, 'authenticated')
    const open = all.filter((r) => r.returnedOn === null).length
    expect(open).toBeGreaterThan(0)
    expect(all.slice(-open).every((r) => r.returnedOn === null)).toBe(true)
    const { rows, pages } = await walk(
      `/api/Loan${query({ $orderby: 'returnedOn desc', $first: 250 })}`,
      'authenticated',
    )
    expect(pages).toBe(8)
    expect(rows).toEqual(all)
    expect(new Set(rows.map((r) => r.id)).size).toBe(1800)
  })

  it.each<[string, Record<string, string>, string | undefined]>([
    ['Loan', { $orderby: 'returnedOn' }, 'authenticated'],
    ['Loan', { $orderby: 'loanedOn desc,member' }, 'authenticated'],
    ['Loan', { $orderby: 'member,returnedOn desc', $filter: "member ne 'Leo Rossi'" }, 'authenticated'],
    ['Book', { $orderby: 'price desc' }, undefined],
    ['Book', { $orderby: 'price' }, undefined],
    ['Book', { $orderby: 'title' }, undefined],
    ['Book', { $orderby: 'title desc,publishedOn' }, undefined],
    ['Book', { $orderby: 'created_at desc' }, undefined],
    ['Book', { $orderby: 'inPrint,pages desc' }, undefined],
    ['Author', { $orderby: 'birthYear desc,name' }, undefined],
    ['Author', { $orderby: 'name' }, undefined],
    ['BookAuthor', { $orderby: 'royalty_percentage desc' }, undefined],
    ['books/reviews', { $orderby: 'reviewer desc,rating' }, undefined],
    ['books/reviews', { $orderby: 'content' }, undefined],
    ['BookDetail', { $orderby: 'publisher desc,price' }, undefined],
  ])('pages through %s with %j in small pages exactly as one read returns them', async (entity, params, role) => {
    const all = await readAll(entity, params, role)
    const { rows } = await walk(`/api/${entity}${query({ ...params, $first: 7 })}`, role)
    expect(rows).toEqual(all)
  })

  it('filters, then sorts, then paginates', async () => {
    const all = await readAll('Book', {
      $filter: 'inPrint eq true and price ne null',
      $orderby: 'price desc',
      $select: 'id,price,inPrint',
    })
    expect(all.every((b) => b.inPrint === true)).toBe(true)
    const prices = all.map((b) => b.price as number)
    expect(prices).toEqual([...prices].sort((a, b) => b - a))
    const first = await library.request(
      `/api/Book${query({ $filter: 'inPrint eq true and price ne null', $orderby: 'price desc', $select: 'id,price,inPrint', $first: 5 })}`,
    )
    expect(first.body.value).toEqual(all.slice(0, 5))
    const second = await library.request(pathAndQuery(first.body.nextLink))
    expect(second.body.value).toEqual(all.slice(5, 10))
  })

  it('$after without $first continues with the default page size', async () => {
    const first = await library.request('/api/Loan?$first=5&$select=id', { role: 'authenticated' })
    const after = afterOf(first.body.nextLink)
    const { status, body } = await library.request(`/api/Loan?$select=id&$after=${after}`, { role: 'authenticated' })
    expect(status).toBe(200)
    expect(body.value.map((r: Row) => r.id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 6))
    expect(body.nextLink).toBeDefined()
  })

  it('accepts the cursor with a different $select (the cursor follows the ordering, not the selection)', async () => {
    const first = await library.request('/api/Book?$first=2&$select=id')
    const { status, body } = await library.request(
      `/api/Book?$first=2&$select=title&$after=${afterOf(first.body.nextLink)}`,
    )
    expect(status).toBe(200)
    expect(body.value).toEqual([{ title: 'A Field Guide to Northern Moths' }, { title: 'SQL_CONN' }])
  })
})
