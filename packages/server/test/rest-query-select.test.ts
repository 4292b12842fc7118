import { describe, expect, it } from 'vitest'
import {
  isErrorEnvelope,
  pathAndQuery,
  query,
  useLibraryServer,
  type JsonResponse,
} from './support/library-test-server.js'

function expectInvalidSelect(response: JsonResponse, field: string): void {
  expect(response.status).toBe(400)
  expect(isErrorEnvelope(response)).toBe(true)
  expect(response.body.error).toEqual({
    code: 'Bad Request',
    message: `Invalid field '${field}' in $select`,
    status: 400,
  })
}

describe('$select', () => {
  const library = useLibraryServer()

  it('returns only the selected fields, in the order given', async () => {
    const { status, body } = await library.request(`/api/Book${query({ $select: 'title,id', $first: 2 })}`)
    expect(status).toBe(200)
    expect(body.value).toEqual([
      { title: 'The Quiet Harbour', id: 1 },
      { title: 'Rivers of Salt', id: 2 },
    ])
    expect(Object.keys(body.value[0])).toEqual(['title', 'id'])
  })

  it('selects aliased fields by their alias', async () => {
    const { body } = await library.request(`/api/Book${query({ $select: 'publishedOn,inPrint', $first: 1 })}`)
    expect(body.value).toEqual([{ publishedOn: '2015-03-12', inPrint: true }])
  })

  it('rejects the raw column name of an aliased field', async () => {
    expectInvalidSelect(await library.request(`/api/Book${query({ $select: 'id,published' })}`), 'published')
    expectInvalidSelect(await library.request(`/api/Author${query({ $select: 'birth_year' })}`), 'birth_year')
  })

  it('rejects an unknown field, naming it', async () => {
    expectInvalidSelect(await library.request(`/api/Book${query({ $select: 'id,nope' })}`), 'nope')
  })

  it('matches field names case-sensitively', async () => {
    expectInvalidSelect(await library.request(`/api/Book${query({ $select: 'Title' })}`), 'Title')
  })

  it('rejects a field the role may not read with the same message as an unknown field', async () => {
    expectInvalidSelect(await library.request(`/api/Author${query({ $select: 'id,email' })}`), 'email')
  })

  it('allows the same field for a role that may read it', async () => {
    const { status, body } = await library.request(`/api/Author${query({ $select: 'id,email', $first: 1 })}`, {
      role: 'authenticated',
    })
    expect(status).toBe(200)
    expect(body.value).toEqual([{ id: 1, email: 'ada.whitfield@example.org' }])
  })

  it('returns a field named twice only once', async () => {
    const { status, body } = await library.request(`/api/Book${query({ $select: 'title,title,id', $first: 1 })}`)
    expect(status).toBe(200)
    expect(body.value).toEqual([{ title: 'The Quiet Harbour', id: 1 }])
  })

  it('ignores spaces around field names', async () => {
    const { status, body } = await library.request(`/api/Book${query({ $select: ' id , title ', $first: 1 })}`)
    expect(status).toBe(200)
    expect(body.value).toEqual([{ id: 1, title: 'The Quiet Harbour' }])
  })

  it.each([
    ['an empty value', '$select='],
    ['a blank value', '$select=%20'],
    ['no value at all', '$select'],
    ['an empty name between commas', '$select=id,,title'],
    ['a trailing comma', '$select=id,'],
  ])('rejects %s with 400', async (_, option) => {
    const response = await library.request(`/api/Book?${option}`)
    expect(response.status).toBe(400)
    expect(isErrorEnvelope(response)).toBe(true)
  })

  it('works on a view, with its aliases', async () => {
    const { body } = await library.request(`/api/BookDetail${query({ $select: 'publisher,authorCount', $first: 2 })}`)
    expect(body.value).toEqual([
      { publisher: 'Lighthouse Press', authorCount: 1 },
      { publisher: 'Northwind Books', authorCount: 2 },
    ])
  })

  it('pages correctly when the key is not selected (the cursor still follows the key)', async () => {
    const first = await library.request(`/api/Book${query({ $select: 'title', $first: 3 })}`)
    expect(first.body.value).toEqual([
      { title: 'The Quiet Harbour' },
      { title: 'Rivers of Salt' },
      { title: 'A Field Guide to Northern Moths' },
    ])
    const second = await library.request(pathAndQuery(first.body.nextLink))
    expect(second.status).toBe(200)
    expect(second.body.value).toEqual([{ title: 'SQL_CONN' }, { title: '100% Pure' }, { title: 'C:\\Windows' }])
  })

  it('pages correctly when the $orderby field is not selected', async () => {
    const all = await library.request(`/api/Book${query({ $select: 'id', $orderby: 'price desc', $first: -1 })}`)
    const first = await library.request(`/api/Book${query({ $select: 'id', $orderby: 'price desc', $first: 30 })}`)
    const second = await library.request(pathAndQuery(first.body.nextLink))
    expect([...first.body.value, ...second.body.value]).toEqual(all.body.value)
    expect(second.body.nextLink).toBeUndefined()
  })
})
