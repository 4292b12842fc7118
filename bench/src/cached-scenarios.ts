import type { BenchScenario } from './bench-scenarios.js'
import { KEY_ID, LIST_LIMIT } from './servers/book-queries.js'

/**
 * REST by key and list with the response cache on (`sluice-cached`: runtime.cache, level 1, TTL 60 s), each reported
 * as a ratio to Sluice without the cache and to fastify's hello world, measured in the same sitting. The raw pg rows
 * baseline runs first so the cached answers' rows are checked against the database's.
 */
export const CACHED_SCENARIOS: readonly BenchScenario[] = [
  {
    key: 'cached-by-key',
    title: 'REST by key, response cache on',
    paths: {
      'pg-rows': `/books/${KEY_ID}`,
      'fastify-hello': '/',
      sluice: `/api/Book/id/${KEY_ID}`,
      'sluice-cached': `/api/Book/id/${KEY_ID}`,
    },
    comparesRows: true,
    targets: [],
    ratios: [
      { system: 'sluice-cached', baseline: 'sluice' },
      { system: 'sluice-cached', baseline: 'fastify-hello' },
      { system: 'sluice-cached', baseline: 'pg-rows' },
    ],
  },
  {
    key: 'cached-list',
    title: `REST list of ${LIST_LIMIT} rows, response cache on`,
    paths: {
      'pg-rows': `/books?limit=${LIST_LIMIT}`,
      'fastify-hello': '/',
      sluice: `/api/Book?$first=${LIST_LIMIT}`,
      'sluice-cached': `/api/Book?$first=${LIST_LIMIT}`,
    },
    comparesRows: true,
    targets: [],
    ratios: [
      { system: 'sluice-cached', baseline: 'sluice' },
      { system: 'sluice-cached', baseline: 'fastify-hello' },
      { system: 'sluice-cached', baseline: 'pg-rows' },
    ],
  },
]
