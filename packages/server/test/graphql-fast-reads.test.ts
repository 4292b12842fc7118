import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { graphqlPlugin } from '@sluice/plugin-graphql'
import { createServer, type SluiceServer } from '../src/index.js'
import { defaultPlugins } from '../src/default-plugins.js'
import { buildLibraryConfig, requestJson, type JsonResponse } from './support/library-test-server.js'

/**
 * The fast path for record queries (answered from the database's JSON without graphql-js execution) must answer
 * exactly as the general executor: the same status, the same body with the same keys in the same order, and the same
 * SQL statements. Two servers on the same sample and cursor secret, one with the fast path and one without, get the
 * same requests. The fast server must not make extra statements where it answers alone; where it hands a request to
 * the general executor (a missing record, an error) it reads again, and the answer is still the general one.
 */
const overrides = {
  entities: {
    Book: {
      permissions: [
        { role: 'anonymous', actions: ['read'] },
        { role: 'authenticated', actions: ['*'] },
        {
          role: 'lighthouse',
          actions: [{ action: 'read', fields: { exclude: ['isbn'] }, policy: { database: '@item.publisher_id eq 1' } }],
        },
      ],
    },
    Publisher: {
      permissions: [
        { role: 'anonymous', actions: ['read'] },
        { role: 'authenticated', actions: ['*'] },
        { role: 'lighthouse', actions: ['read'] },
      ],
    },
    Author: {
      permissions: [
        { role: 'anonymous', actions: [{ action: 'read', fields: { exclude: ['email'] } }] },
        { role: 'authenticated', actions: ['*'] },
        { role: 'lighthouse', actions: ['read'] },
      ],
    },
  },
}

interface Counted {
  server: SluiceServer
  statements: number
}

async function start(fastReads: boolean): Promise<Counted> {
  const plugins = defaultPlugins().map((p) => (p.name === '@sluice/plugin-graphql' ? graphqlPlugin({ fastReads }) : p))
  const server = await createServer({
    config: buildLibraryConfig(overrides),
    plugins,
    cursorSecret: 'fast-reads-test',
    logger: false,
  })
  const counted: Counted = { server, statements: 0 }
  const driver = server.sluice.driver
  const execute = driver.execute.bind(driver)
  driver.execute = ((query, options) => {
    counted.statements++
    return execute(query, options)
  }) as typeof driver.execute
  return counted
}

let fast: Counted
let general: Counted
beforeAll(async () => {
  ;[fast, general] = await Promise.all([start(true), start(false)])
})
afterAll(async () => {
  await Promise.all([fast?.server.close(), general?.server.close()])
})

interface Call {
  readonly query: string
  readonly variables?: Record<string, unknown>
  readonly operationName?: string
  readonly role?: string
}

async function send(target: Counted, call: Call): Promise<{ response: JsonResponse; statements: number }> {
  const before = target.statements
  const response = await requestJson(target.server.app, '/graphql', {
    method: 'POST',
    role: call.role,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ query: call.query, variables: call.variables, operationName: call.operationName }),
  })
  return { response, statements: target.statements - before }
}

/** The body as the general executor's JSON.stringify would write it: same keys, same order, numbers normalized. */
const normalized = (response: JsonResponse): string => JSON.stringify(JSON.parse(response.text))

async function compare(call: Call): Promise<{ fast: JsonResponse; fastStatements: number; generalStatements: number }> {
  const a = await send(fast, call)
  const b = await send(general, call)
  expect(a.response.status).toBe(b.response.status)
  expect(normalized(a.response)).toBe(normalized(b.response))
  return { fast: a.response, fastStatements: a.statements, generalStatements: b.statements }
}

const answeredAlone: Array<[string, Call]> = [
  ['a page of columns in selection order', { query: '{ books(first: 5) { items { id title price pages isbn } } }' }],
  [
    'columns in another order than the table',
    { query: '{ books(first: 5, orderBy: { title: DESC }) { items { title id pages } endCursor hasNextPage } }' },
  ],
  [
    'aliases on columns and on the list',
    { query: '{ cheap: books(first: 3, orderBy: { price: ASC }) { items { name: title cost: price id } } }' },
  ],
  ['a column under two response keys', { query: '{ books(first: 3) { items { id key: id title } } }' }],
  [
    '__typename at every level',
    { query: '{ __typename books(first: 2) { __typename items { __typename id publisher { __typename name } } } }' },
  ],
  [
    'fragments and inline fragments',
    {
      query:
        'query Q { books(first: 4) { ...page } } fragment page on BookConnection { items { ...cols ... on Book { publisher { id } } } hasNextPage } fragment cols on Book { id title }',
    },
  ],
  [
    'a one relationship with its columns (copied as written)',
    { query: '{ books(first: 5) { items { id title publisher { id name } } } }' },
  ],
  [
    'a many relationship with arguments',
    {
      query:
        '{ publishers(first: 3) { items { id name books(first: 2, orderBy: { price: DESC }, filter: { price: { gt: 10 } }) { items { title price } endCursor } } } }',
    },
  ],
  [
    'a many relationship as core writes it (copied as written)',
    {
      query: '{ publishers(first: 2) { items { id books(first: 2) { items { id title } hasNextPage endCursor } } } }',
    },
  ],
  [
    'a many relationship without paging fields (copied: core writes items alone)',
    {
      query: '{ publishers(first: 2) { items { id name books(first: 2) { items { id title } } } } }',
    },
  ],
  [
    'a many relationship with totalCount and no paging fields',
    {
      query: '{ publishers(first: 2) { items { id books(first: 1) { items { id } totalCount } } } }',
    },
  ],
  [
    'many-to-many three levels deep',
    {
      query:
        '{ books(first: 3) { items { id authors(first: 5) { items { name books(first: 2) { items { id } } } } } } }',
    },
  ],
  ['a relationship between columns', { query: '{ books(first: 3) { items { id publisher { name } title } } }' }],
  ['only relationships selected', { query: '{ books(first: 2) { items { publisher { name } } } }' }],
  ['only paging fields selected', { query: '{ books(first: 2) { hasNextPage endCursor } }' }],
  ['items selected twice under aliases', { query: '{ books(first: 2) { a: items { id } b: items { title } } }' }],
  ['by key, copied as written', { query: '{ book_by_pk(id: 1) { id title price } }' }],
  ['by key with aliases and a relationship', { query: '{ b: book_by_pk(id: 2) { t: title publisher { n: name } } }' }],
  [
    'several root fields',
    {
      query:
        '{ publisher_by_pk(id: 1) { name } books(first: 2) { items { id } } authors(first: 2) { items { name } } }',
    },
  ],
  [
    'variables for filter, orderBy (in sent order), first and after',
    {
      query:
        'query($f: BookFilterInput, $o: BookOrderByInput, $n: Int) { books(filter: $f, orderBy: $o, first: $n) { items { id title price pages } endCursor } }',
      variables: { f: { pages: { gt: 100 } }, o: { pages: 'DESC', price: 'ASC' }, n: 4 },
    },
  ],
  [
    'a related filter',
    { query: '{ books(first: 5, filter: { publisher: { name: { contains: "House" } } }) { items { id title } } }' },
  ],
  [
    'the operation named among several',
    {
      query: 'query A { books(first: 1) { items { id } } } query B { authors(first: 1) { items { id name } } }',
      operationName: 'B',
    },
  ],
  [
    'a role with a row policy and an excluded field',
    { query: '{ books(first: 10) { items { id title publisher { name } } } }', role: 'lighthouse' },
  ],
  [
    'an authenticated role reading an excluded-for-anonymous field',
    { query: '{ authors(first: 3) { items { id email } } }', role: 'authenticated' },
  ],
  ['the last page (no cursor)', { query: '{ publishers(first: -1) { items { id } hasNextPage endCursor } }' }],
]

const handedOver: Array<[string, Call]> = [
  ['a missing record by key', { query: '{ book_by_pk(id: 999999) { id title } }' }],
  ['a field the role may not read', { query: '{ authors(first: 2) { items { id email } } }' }],
  [
    'a field excluded for the role with a row policy',
    { query: '{ books(first: 2) { items { id isbn } } }', role: 'lighthouse' },
  ],
  ['a page size of zero', { query: '{ books(first: 0) { items { id } } }' }],
  ['a tampered cursor', { query: '{ books(first: 2, after: "not-a-cursor") { items { id } } }' }],
  [
    'variables that do not fit',
    { query: 'query($n: Int) { books(first: $n) { items { id } } }', variables: { n: 'ten' } },
  ],
]

const generalOnly: Array<[string, Call]> = [
  [
    'a directive',
    {
      query: 'query($x: Boolean!) { books(first: 2) { items { id title @include(if: $x) } } }',
      variables: { x: false },
    },
  ],
  [
    'a nested paging field under a directive, left out',
    {
      query:
        'query($x: Boolean!) { publishers(first: 2) { items { id books(first: 1) { items { id } hasNextPage @include(if: $x) } } } }',
      variables: { x: false },
    },
  ],
  [
    'a nested paging field under a directive, kept',
    {
      query:
        'query($x: Boolean!) { publishers(first: 2) { items { id books(first: 1) { items { id } hasNextPage @include(if: $x) } } } }',
      variables: { x: true },
    },
  ],
  ['a stored procedure', { query: '{ executeBookCount { count } }' }],
  ['introspection', { query: '{ __schema { queryType { name } } }' }],
  ['a mutation', { query: 'mutation { updateBook(id: 1, item: { pages: 321 }) { id pages } }', role: 'authenticated' }],
]

describe('GraphQL fast reads', () => {
  it.each(answeredAlone)(
    'answers %s exactly as the general executor, with the same statements',
    async (_name, call) => {
      const { fast, fastStatements, generalStatements } = await compare(call)
      expect(fast.status).toBe(200)
      expect(fast.body.errors).toBeUndefined()
      expect(fastStatements).toBe(generalStatements)
    },
  )

  it.each(handedOver)('hands %s to the general executor, which answers with its errors', async (_name, call) => {
    const { fast } = await compare(call)
    expect(fast.body.errors?.length ?? 0).toBeGreaterThan(0)
  })

  it('writes nested paging values exactly when the selection keeps them (a directive decides per request)', async () => {
    const query =
      'query($x: Boolean!) { publishers(first: 1) { items { books(first: 1) { items { id } hasNextPage @include(if: $x) } } } }'
    const kept = await compare({ query, variables: { x: true } })
    expect(kept.fast.body.errors).toBeUndefined()
    expect(kept.fast.body.data.publishers.items[0].books).toEqual({
      items: [expect.any(Object)],
      hasNextPage: expect.any(Boolean),
    })
    const left = await compare({ query, variables: { x: false } })
    expect(left.fast.body.data.publishers.items[0].books).toEqual({ items: [expect.any(Object)] })
  })

  it.each(generalOnly)('leaves %s to the general executor', async (_name, call) => {
    const { fastStatements, generalStatements } = await compare(call)
    expect(fastStatements).toBe(generalStatements)
  })
})
