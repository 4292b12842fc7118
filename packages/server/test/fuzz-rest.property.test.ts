import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fuzzRuns, LEAK, reportMemory, restRequestArbitrary } from './support/fuzz-arbitraries.js'
import { useLibraryServer } from './support/library-test-server.js'

const TABLES = ['publishers', 'authors', 'books', 'book_authors', 'reviews', 'loans']
const FINGERPRINT = `SELECT md5(string_agg(x, '|' ORDER BY x)) AS h FROM (${TABLES.map((t) => `SELECT '${t}:' || r::text AS x FROM ${t} r`).join(' UNION ALL ')}) s`

// Fuzzing REST in production mode with writes allowed: whatever arrives, the answer is never a 5xx, never carries a
// stack trace or SQL, and a write that is refused (4xx) changes no row. CI runs a fixed budget; SLUICE_FUZZ_RUNS
// sets a long run (scripts/fuzz-long.sh; docs/reliability.md has its figures).
describe('REST under fuzzed input', () => {
  const writable = { permissions: [{ role: 'anonymous', actions: ['*'] }] }
  const library = useLibraryServer({
    runtime: { host: { mode: 'production' } },
    entities: { Book: writable, Author: writable, Review: writable, BookAuthor: writable },
  })

  it('never answers 5xx or leaks internals, and refused writes change nothing', async () => {
    const fingerprint = async (): Promise<string> =>
      String(
        (await library.server.sluice.driver.execute<{ h: string }>({ sql: FINGERPRINT, parameters: [] })).rows[0]!.h,
      )
    const model = library.server.sluice.model
    const runs = fuzzRuns(1500)
    await reportMemory('REST', runs, (tick) =>
      fc.assert(
        fc.asyncProperty(restRequestArbitrary(model), async (request) => {
          tick()
          const write = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS'
          const before = write ? await fingerprint() : ''
          const res = await library.app.inject({
            method: request.method,
            url: request.url,
            headers: request.headers,
            payload: request.payload,
          })
          const where = `${request.method} ${request.url.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`
          expect(res.statusCode, where).toBeLessThan(500)
          expect(res.body, where).not.toMatch(LEAK)
          if (write && res.statusCode >= 400)
            expect(await fingerprint(), `refused write changed rows: ${where}`).toBe(before)
        }),
        { numRuns: runs },
      ),
    )
  }, 600_000)
})
