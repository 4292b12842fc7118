import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type SluiceServer } from '../src/index.js'
import { commandsArbitrary, permissionsArbitrary, type Command, type ReadCommand } from './support/cache-arbitraries.js'
import { createLibraryDatabase, type LibraryDatabase } from './support/cache-support.js'
import { jwtRuntime, token } from './support/jwt-helpers.js'
import { buildLibraryConfig, requestJson, type JsonResponse } from './support/library-test-server.js'

/**
 * No cached answer ever differs from what the same request gets uncached. Each run generates permissions (roles
 * with random field access and row policies over JWT claims) and starts two servers on one PostgreSQL database,
 * one with the response cache and one without; then random callers (role, claims) send random reads — REST and
 * GraphQL, nested, filtered on related entities, with random Cache-Control — and writes (through the cached
 * server). Every read goes to the cached server twice and to the uncached one once; all answers must be equal
 * (an `only-if-cached` miss may be a 504 instead).
 */
const RUNS = 8 * Number(process.env['SLUICE_PBT_RUNS'] ?? 1)
const SEED = process.env['SLUICE_PBT_SEED'] === undefined ? undefined : Number(process.env['SLUICE_PBT_SEED'])
const NOT_CACHED = "Header 'only-if-cached' was used but item was not found in cache."

let db: LibraryDatabase

beforeAll(async () => {
  db = await createLibraryDatabase()
})

afterAll(async () => {
  await db?.drop()
})

async function startPair(
  entities: Record<string, Record<string, unknown>>,
): Promise<{ cached: SluiceServer; uncached: SluiceServer }> {
  const config = (cache: boolean) =>
    buildLibraryConfig({
      runtime: { ...jwtRuntime('production'), cache: { enabled: cache, 'ttl-seconds': 600 } },
      entities,
      edit: (json) => {
        json['data-source'] = { 'database-type': 'postgresql', 'connection-string': db.url }
      },
    })
  const cached = await createServer({ config: config(true), logger: false, cursorSecret: 'one secret for both' })
  try {
    return {
      cached,
      uncached: await createServer({ config: config(false), logger: false, cursorSecret: 'one secret for both' }),
    }
  } catch (error) {
    await cached.close()
    throw error
  }
}

async function send(
  server: SluiceServer,
  command: ReadCommand,
  headers: Record<string, string>,
): Promise<JsonResponse> {
  if (command.rest !== undefined) return requestJson(server.app, command.rest, { headers })
  return requestJson(server.app, '/graphql', {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ query: command.graphql }),
  })
}

async function authHeaders(command: ReadCommand): Promise<Record<string, string>> {
  const { role, claims } = command.caller
  if (role === 'anonymous') return {}
  const headers: Record<string, string> = {
    authorization: `Bearer ${await token({ sub: 'caller', roles: [role], ...claims })}`,
  }
  if (role !== 'authenticated') headers['x-ms-api-role'] = role
  return headers
}

/** Status and body, the parts two servers must agree on (headers such as the correlation id differ by design). */
const answer = (r: JsonResponse): { status: number; body: unknown } => ({ status: r.status, body: r.body })

function isNotCached(r: JsonResponse): boolean {
  return r.text.includes(NOT_CACHED)
}

async function run(cached: SluiceServer, uncached: SluiceServer, command: Command): Promise<void> {
  if (command.kind === 'write') {
    const headers = {
      authorization: `Bearer ${await token({ sub: 'writer', pub: 8, minpages: 0, maxprice: 1000, country: 'GB' })}`,
      'content-type': 'application/json',
    }
    const response = await requestJson(cached.app, command.path, {
      method: 'PATCH',
      headers,
      payload: JSON.stringify(command.body),
    })
    expect(response.status, response.text).toBeLessThan(500)
    return
  }
  const auth = await authHeaders(command)
  const first = await send(
    cached,
    command,
    command.cacheControl === undefined ? auth : { ...auth, 'cache-control': command.cacheControl },
  )
  const truth = answer(await send(uncached, command, auth))
  const label = `${command.caller.role} ${JSON.stringify(command.caller.claims)} ${command.cacheControl ?? ''} ${command.rest ?? command.graphql!}`
  if (!(command.cacheControl === 'only-if-cached' && isNotCached(first))) expect(answer(first), label).toEqual(truth)
  // The same request again, plainly: now usually a cache hit.
  expect(answer(await send(cached, command, auth)), label).toEqual(truth)
}

describe('response cache: no cached answer differs from the uncached one', () => {
  it('for random roles, field permissions, row policies with claims, reads, writes and Cache-Control', async () => {
    await fc.assert(
      fc.asyncProperty(permissionsArbitrary, commandsArbitrary, async (entities, commands) => {
        const { cached, uncached } = await startPair(entities)
        try {
          for (const command of commands) await run(cached, uncached, command)
        } finally {
          await cached.close()
          await uncached.close()
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    )
  }, 600_000)
})
