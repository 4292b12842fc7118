import type { SystemKey } from './bench-systems.js'
import { FILTER, KEY_ID, LIST_LIMIT } from './servers/book-queries.js'

export type ScenarioKey = 'hello' | 'list' | 'by-key' | 'filter'

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
}

const FILTER_QUERY = `$filter=${encodeURIComponent(`year gt ${FILTER.minYear} and price lt ${FILTER.maxPrice}`)}`
  + `&$orderby=${encodeURIComponent('price desc')}&$first=${FILTER.limit}`

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
    },
    comparesRows: true,
    targets: [{ baseline: 'pg-json-agg', ratio: 0.85 }],
  },
  {
    key: 'by-key',
    title: 'REST by key',
    paths: { 'pg-rows': `/books/${KEY_ID}`, sluice: `/api/Book/id/${KEY_ID}` },
    comparesRows: true,
    targets: [{ baseline: 'pg-rows', ratio: 0.85 }],
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
]
