import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fuzzRuns, graphqlBodyArbitrary, LEAK, mcpBodyArbitrary, reportMemory } from './support/fuzz-arbitraries.js'
import { useLibraryServer } from './support/library-test-server.js'

// Fuzzing GraphQL and MCP in production mode: documents and tool calls built from the real schema with random
// arguments, nesting and junk. Never a 5xx, never a stack trace or SQL in the answer. CI runs a fixed budget;
// SLUICE_FUZZ_RUNS sets a long run (scripts/fuzz-long.sh).
describe('GraphQL and MCP under fuzzed input', () => {
  const writable = { permissions: [{ role: 'anonymous', actions: ['*'] }] }
  const library = useLibraryServer({
    runtime: { host: { mode: 'production' }, mcp: { enabled: true } },
    entities: { Book: writable, Author: writable, Review: writable },
  })

  it('GraphQL never answers 5xx or leaks internals', async () => {
    const runs = fuzzRuns(800)
    await reportMemory('GraphQL', runs, (tick) =>
      fc.assert(
        fc.asyncProperty(graphqlBodyArbitrary(library.server.sluice.model), async (payload) => {
          tick()
          const res = await library.app.inject({
            method: 'POST',
            url: '/graphql',
            headers: { 'content-type': 'application/json' },
            payload,
          })
          const where = `${payload.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`
          expect(res.statusCode, where).toBeLessThan(500)
          expect(res.body, where).not.toMatch(LEAK)
          // Errors inside an answer carry 4xx statuses too: a 5xx extension would be a server fault behind a 200.
          for (const error of (JSON.parse(res.body) as { errors?: { extensions?: { status?: number } }[] }).errors ??
            []) {
            expect(error.extensions?.status ?? 400, where).toBeLessThan(500)
          }
        }),
        { numRuns: runs },
      ),
    )
  }, 600_000)

  it('MCP tool calls never answer 5xx or leak internals', async () => {
    const runs = fuzzRuns(600)
    await reportMemory('MCP', runs, (tick) =>
      fc.assert(
        fc.asyncProperty(mcpBodyArbitrary(library.server.sluice.model), async (payload) => {
          tick()
          const res = await library.app.inject({
            method: 'POST',
            url: '/mcp',
            payload,
            headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          })
          const where = `${payload.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`
          expect(res.statusCode, where).toBeLessThan(500)
          expect(res.body, where).not.toMatch(LEAK)
          expect(res.body, where).not.toMatch(/"type":"UnexpectedError"|"status":5\d\d/)
        }),
        { numRuns: runs },
      ),
    )
  }, 600_000)
})
