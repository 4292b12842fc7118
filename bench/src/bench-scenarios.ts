import type { SystemKey } from './bench-systems.js'
import { benchToken, JWT_ROLE } from './servers/bench-jwt.js'
import { CACHED_SCENARIOS } from './cached-scenarios.js'
import {
  EXPAND_LIMIT,
  FILTER,
  KEY_ID,
  LIST_LIMIT,
  PROCEDURE_AUTHOR,
  bookChange,
  changedBookId,
  newBook,
} from './servers/book-queries.js'

export type ScenarioKey =
  | 'hello'
  | 'list'
  | 'by-key'
  | 'filter'
  | 'select'
  | 'post'
  | 'patch'
  | 'procedure'
  | 'list-jwt'
  | 'list-compressed'
  | 'graphql-list'
  | 'graphql-by-key'
  | 'graphql-nested'
  | 'cached-by-key'
  | 'cached-list'
  | 'expand'
  | 'graphql-expand'

/** A ratio Sluice must reach against a baseline, e.g. 0.85 of raw pg rows. */
export interface ScenarioTarget {
  readonly baseline: SystemKey
  readonly ratio: number
}

export interface BenchScenario {
  readonly key: ScenarioKey
  readonly title: string
  /** The request path per system; systems without one do not run this scenario. Order = run order. */
  readonly paths: Partial<Record<SystemKey, string>>
  /** Whether the responses carry book rows to compare with the raw pg rows baseline. */
  readonly comparesRows: boolean
  readonly targets: readonly ScenarioTarget[]
  /** Set for a write scenario: its requests carry a body that changes with every request. */
  readonly write?: WriteRequests
  /** Extra headers on every request (check and load, autocannon and wrk). */
  readonly headers?: Readonly<Record<string, string>>
  /** Ratios to compute instead of Sluice / every other system (`system` / `baseline`, median req/s). */
  readonly ratios?: readonly { readonly system: SystemKey; readonly baseline: SystemKey }[]
  /** Not run by default: only when named in `SLUICE_BENCH_SCENARIOS`. */
  readonly optIn?: boolean
  /** GraphQL scenarios: per system, the query POSTed to its path and where the rows are in the response. */
  readonly queries?: Partial<Record<SystemKey, GraphQLRequest>>
}

/** One GraphQL request: `{"query": query}` POSTed as JSON; the rows are the array at `rows` (property names) in the body. */
export interface GraphQLRequest {
  readonly query: string
  readonly rows: readonly string[]
}

/**
 * The requests of a write scenario. Request number n (0 for the pre-measurement check, then 1, 2, … across the whole
 * harness run) gets `body(n)` and, in place of `{id}` in the system's path, `id(n)`. All systems answer a successful
 * write with `status` and the body `{"value":[written row]}`; a 201 also carries an absolute `Location` ending in
 * `/<id of the row>`.
 */
export interface WriteRequests {
  readonly method: 'POST' | 'PATCH'
  readonly status: 200 | 201
  readonly id?: (n: number) => number
  readonly body: (n: number) => unknown
}

/** One request of a scenario: its method, path (from the system's path) and JSON body for a write. */
export interface ScenarioRequest {
  readonly method: 'GET' | 'POST' | 'PATCH'
  readonly path: string
  readonly body?: string
}

/** Request number `n` of `scenario` for `system`, whose path (template) is `path`. */
export function scenarioRequest(scenario: BenchScenario, path: string, n: number, system?: SystemKey): ScenarioRequest {
  const query = system === undefined ? undefined : scenario.queries?.[system]
  if (query !== undefined) return { method: 'POST', path, body: JSON.stringify({ query: query.query }) }
  const write = scenario.write
  if (write === undefined) return { method: 'GET', path }
  return {
    method: write.method,
    path: write.id === undefined ? path : path.replace('{id}', String(write.id(n))),
    body: JSON.stringify(write.body(n)),
  }
}

/**
 * The book columns a GraphQL list selects: six, without `author_id`, since Platformatic's GraphQL type replaces the
 * foreign key column with the `author` relation (reference/peers.md measured the same six).
 */
const GQL_COLUMNS = 'id title year price isbn pages'
const GQL_CAMEL_COLUMNS = GQL_COLUMNS

/** Sluice's GraphQL requests (the ceilings serve the same names for list and by key). */
const SLUICE_LIST: GraphQLRequest = {
  query: `{ books(first: ${LIST_LIMIT}) { items { ${GQL_COLUMNS} } } }`,
  rows: ['data', 'books', 'items'],
}
const SLUICE_BY_KEY: GraphQLRequest = {
  query: `{ book_by_pk(id: ${KEY_ID}) { ${GQL_COLUMNS} } }`,
  rows: ['data', 'book_by_pk'],
}
const SLUICE_NESTED: GraphQLRequest = {
  query: `{ books(first: ${LIST_LIMIT}) { items { id title author { id name books(first: 10) { items { id title } } } } } }`,
  rows: ['data', 'books', 'items'],
}

/**
 * The `$expand` scenarios' read: 100 catalog books, each with its publisher (one) and its authors (many, 1 to 3,
 * through a linking table), as REST `$expand`, as the same nested GraphQL query, and as PostgREST-style embedding
 * built by PostgreSQL in the raw passthrough.
 */
const EXPAND_PATH = `/api/CatalogBook?$first=${EXPAND_LIMIT}&$expand=publisher,authors`
const SLUICE_EXPAND: GraphQLRequest = {
  query: `{ catalogBooks(first: ${EXPAND_LIMIT}) { items { id title publisher_id year price publisher { id name } authors { items { id name } } } } }`,
  rows: ['data', 'catalogBooks', 'items'],
}
/** The same read in PostGraphile's names: the authors through the linking table's rows, in key order (book, author). */
const POSTGRAPHILE_EXPAND: GraphQLRequest = {
  query:
    `{ allCatalogBooks(first: ${EXPAND_LIMIT}, orderBy: PRIMARY_KEY_ASC) { nodes { rowId title publisherId year price ` +
    'catalogPublisherByPublisherId { rowId name } catalogBookAuthorsByBookId(orderBy: PRIMARY_KEY_ASC) { nodes { authorByAuthorId { rowId name } } } } } }',
  rows: ['data', 'allCatalogBooks', 'nodes'],
}

const FILTER_QUERY =
  `$filter=${encodeURIComponent(`year gt ${FILTER.minYear} and price lt ${FILTER.maxPrice}`)}` +
  `&$orderby=${encodeURIComponent('price desc')}&$first=${FILTER.limit}`

export const BENCH_SCENARIOS: readonly BenchScenario[] = [
  {
    key: 'hello',
    title: 'hello (no DB; Sluice: GET / health)',
    paths: { 'fastify-hello': '/', sluice: '/' },
    comparesRows: false,
    targets: [],
  },
  {
    key: 'list',
    title: `REST list of ${LIST_LIMIT} rows`,
    paths: {
      'pg-rows': `/books?limit=${LIST_LIMIT}`,
      'pg-json-agg': `/books?limit=${LIST_LIMIT}`,
      sluice: `/api/Book?$first=${LIST_LIMIT}`,
      'sluice-node22': `/api/Book?$first=${LIST_LIMIT}`,
      platformatic: `/books?limit=${LIST_LIMIT}&orderby.id=asc`,
    },
    comparesRows: true,
    targets: [
      { baseline: 'pg-json-agg', ratio: 0.9 },
      { baseline: 'platformatic', ratio: 2.5 },
    ],
  },
  {
    key: 'by-key',
    title: 'REST by key',
    paths: {
      'pg-rows': `/books/${KEY_ID}`,
      sluice: `/api/Book/id/${KEY_ID}`,
      'sluice-node22': `/api/Book/id/${KEY_ID}`,
      platformatic: `/books/${KEY_ID}`,
    },
    comparesRows: true,
    targets: [
      { baseline: 'pg-rows', ratio: 0.9 },
      { baseline: 'platformatic', ratio: 1.8 },
    ],
  },
  {
    key: 'filter',
    title: `REST filter + orderby (${FILTER.limit} rows)`,
    paths: {
      'pg-rows': `/books/filter?minYear=${FILTER.minYear}&maxPrice=${FILTER.maxPrice}&limit=${FILTER.limit}`,
      'pg-json-agg': `/books/filter?minYear=${FILTER.minYear}&maxPrice=${FILTER.maxPrice}&limit=${FILTER.limit}`,
      sluice: `/api/Book?${FILTER_QUERY}`,
    },
    comparesRows: true,
    targets: [],
  },
  {
    key: 'select',
    title: `REST $select of two fields (${LIST_LIMIT} rows)`,
    paths: {
      'pg-rows': '/books/select',
      'pg-json-agg': '/books/select',
      sluice: `/api/Book?$select=id,title&$first=${LIST_LIMIT}`,
      platformatic: `/books?limit=${LIST_LIMIT}&orderby.id=asc&fields=id,title`,
    },
    comparesRows: true,
    targets: [],
  },
  {
    key: 'post',
    title: 'REST POST (insert one row)',
    paths: { 'pg-rows': '/books', 'pg-json-agg': '/books', sluice: '/api/Book' },
    comparesRows: true,
    // Issue 19: writes (this and PATCH) at ≥ 90 % of a raw fastify + pg insert/update.
    targets: [{ baseline: 'pg-rows', ratio: 0.9 }],
    write: { method: 'POST', status: 201, body: newBook },
  },
  {
    key: 'patch',
    title: 'REST PATCH (update one row by key)',
    paths: { 'pg-rows': '/books/{id}', 'pg-json-agg': '/books/{id}', sluice: '/api/Book/id/{id}' },
    comparesRows: true,
    targets: [{ baseline: 'pg-rows', ratio: 0.9 }],
    write: { method: 'PATCH', status: 200, id: changedBookId, body: bookChange },
  },
  {
    key: 'procedure',
    title: 'REST stored procedure (a set-returning function, 20 rows)',
    paths: {
      'pg-rows': `/books/by-author?author=${PROCEDURE_AUTHOR}`,
      'pg-json-agg': `/books/by-author?author=${PROCEDURE_AUTHOR}`,
      sluice: `/api/BooksByAuthor?author=${PROCEDURE_AUTHOR}`,
    },
    comparesRows: true,
    targets: [],
  },
  {
    key: 'list-jwt',
    title: `REST list of ${LIST_LIMIT} rows under a JWT role with a row policy and an excluded field`,
    paths: {
      'pg-rows': '/books/policy',
      'pg-json-agg': '/books/policy',
      sluice: `/api/Book?$first=${LIST_LIMIT}`,
    },
    comparesRows: true,
    targets: [],
    // The baselines ignore the headers and run the policy's SQL without verifying anything.
    headers: { authorization: `Bearer ${benchToken()}`, 'x-ms-api-role': JWT_ROLE },
  },
  {
    key: 'list-compressed',
    title: `REST list of ${LIST_LIMIT} rows, Accept-Encoding: br, gzip`,
    paths: {
      'sluice-compress-none': `/api/Book?$first=${LIST_LIMIT}`,
      'sluice-compress-fastest': `/api/Book?$first=${LIST_LIMIT}`,
      'sluice-compress-optimal': `/api/Book?$first=${LIST_LIMIT}`,
    },
    comparesRows: true,
    targets: [],
    headers: { 'accept-encoding': 'br, gzip' },
    ratios: [
      { system: 'sluice-compress-fastest', baseline: 'sluice-compress-none' },
      { system: 'sluice-compress-optimal', baseline: 'sluice-compress-none' },
    ],
    optIn: true,
  },
  {
    key: 'graphql-list',
    title: `GraphQL list of ${LIST_LIMIT} rows`,
    paths: {
      'graphql-js': '/graphql',
      'graphql-jit': '/graphql',
      sluice: '/graphql',
      'sluice-node22': '/graphql',
      platformatic: '/graphql',
      postgraphile: '/graphql',
    },
    comparesRows: true,
    targets: [
      { baseline: 'platformatic', ratio: 2 },
      { baseline: 'postgraphile', ratio: 2 },
    ],
    queries: {
      'graphql-js': SLUICE_LIST,
      'graphql-jit': SLUICE_LIST,
      sluice: SLUICE_LIST,
      'sluice-node22': SLUICE_LIST,
      platformatic: {
        query: `{ books(limit: ${LIST_LIMIT}, orderBy: [{ field: id, direction: ASC }]) { ${GQL_CAMEL_COLUMNS} } }`,
        rows: ['data', 'books'],
      },
      postgraphile: {
        query: `{ allBooks(first: ${LIST_LIMIT}, orderBy: PRIMARY_KEY_ASC) { nodes { rowId ${GQL_CAMEL_COLUMNS.replace('id ', '')} } } }`,
        rows: ['data', 'allBooks', 'nodes'],
      },
    },
  },
  {
    key: 'graphql-by-key',
    title: 'GraphQL by key',
    paths: {
      'graphql-js': '/graphql',
      'graphql-jit': '/graphql',
      sluice: '/graphql',
      'sluice-node22': '/graphql',
      platformatic: '/graphql',
      postgraphile: '/graphql',
    },
    comparesRows: true,
    // The issue sets no by-key GraphQL target; the ratios are reported all the same.
    targets: [],
    queries: {
      'graphql-js': SLUICE_BY_KEY,
      'graphql-jit': SLUICE_BY_KEY,
      sluice: SLUICE_BY_KEY,
      'sluice-node22': SLUICE_BY_KEY,
      platformatic: { query: `{ getBookById(id: ${KEY_ID}) { ${GQL_CAMEL_COLUMNS} } }`, rows: ['data', 'getBookById'] },
      postgraphile: {
        query: `{ bookByRowId(rowId: ${KEY_ID}) { rowId ${GQL_CAMEL_COLUMNS.replace('id ', '')} } }`,
        rows: ['data', 'bookByRowId'],
      },
    },
  },
  {
    key: 'graphql-nested',
    title: `GraphQL nested: ${LIST_LIMIT} books → author → the author's first 10 books`,
    paths: { sluice: '/graphql', 'sluice-node22': '/graphql', platformatic: '/graphql', postgraphile: '/graphql' },
    // Rows are read (GraphQL errors fail the check) but not compared: each system nests under its own names.
    comparesRows: true,
    targets: [
      { baseline: 'platformatic', ratio: 2 },
      { baseline: 'postgraphile', ratio: 2 },
    ],
    queries: {
      sluice: SLUICE_NESTED,
      'sluice-node22': SLUICE_NESTED,
      platformatic: {
        query: `{ books(limit: ${LIST_LIMIT}, orderBy: [{ field: id, direction: ASC }]) { id title author { id name books(limit: 10) { id title } } } }`,
        rows: ['data', 'books'],
      },
      postgraphile: {
        query: `{ allBooks(first: ${LIST_LIMIT}, orderBy: PRIMARY_KEY_ASC) { nodes { rowId title authorByAuthorId { rowId name booksByAuthorId(first: 10, orderBy: PRIMARY_KEY_ASC) { nodes { rowId title } } } } } }`,
        rows: ['data', 'allBooks', 'nodes'],
      },
    },
  },
  {
    key: 'expand',
    title: `REST $expand: ${EXPAND_LIMIT} books with publisher (one) and authors (many, via a linking table)`,
    // The raw baselines: pg rows (the reference; pg decodes the embedded JSON) and the PostgREST-style embedding
    // passed through as text. The same read as nested GraphQL is the `graphql-expand` scenario.
    paths: {
      'pg-rows': '/catalog/expand',
      'pg-json-agg': '/catalog/expand',
      sluice: EXPAND_PATH,
      'sluice-node22': EXPAND_PATH,
    },
    comparesRows: true,
    targets: [],
  },
  {
    key: 'graphql-expand',
    title: `GraphQL nested: the same ${EXPAND_LIMIT} books with publisher and authors (to set beside REST $expand)`,
    paths: {
      'pg-json-agg': '/catalog/expand',
      sluice: '/graphql',
      'sluice-node22': '/graphql',
      postgraphile: '/graphql',
    },
    // Rows are read (GraphQL errors fail the check) but not compared: GraphQL nests the authors under `items`.
    comparesRows: true,
    targets: [{ baseline: 'postgraphile', ratio: 2 }],
    queries: { sluice: SLUICE_EXPAND, 'sluice-node22': SLUICE_EXPAND, postgraphile: POSTGRAPHILE_EXPAND },
  },
  ...CACHED_SCENARIOS,
]
