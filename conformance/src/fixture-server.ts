import { randomBytes } from 'node:crypto'
import { createServer, defaultPlugins, type SluiceServer } from '@sluice/server'
import type { SluicePlugin } from '@sluice/core'
import { buildFixtureConfig } from './build-fixture-config.js'
import type { ConformanceEngine, EngineSession } from './conformance-engine.js'
import type { Fixture } from './fixture.js'
import { parseJsonExact } from './rest/parse-json-exact.js'

/**
 * A response as a scenario sees it. `json` is `undefined` when the body is not JSON; integers too long for a
 * `number` arrive in it as their digits (see `parseJsonExact`).
 */
export interface RestReply {
  readonly status: number
  readonly contentType: string
  readonly text: string
  readonly json: unknown
}

/** A running Sluice over one fixture: the engine's dialect plugin plus every built-in protocol. */
export interface FixtureServer {
  /** Sends `GET pathAndQuery` (already encoded, e.g. `/api/items?$first=2`) through `inject`, no socket. */
  get(pathAndQuery: string): Promise<RestReply>
  close(): Promise<void>
}

/** Empties the session, creates `fixture` in it, and boots a server over it (introspection sees the new tables). */
export async function createFixtureServer<S extends EngineSession>(engine: ConformanceEngine<S>, session: S, fixture: Fixture): Promise<FixtureServer> {
  await session.reset()
  await session.applyFixture(fixture)
  const protocols = defaultPlugins().filter((plugin) => (plugin as SluicePlugin & { kind?: string }).kind === 'protocol')
  const server: SluiceServer = await createServer({
    config: buildFixtureConfig(session.source, fixture),
    plugins: [engine.createPlugin(session), ...protocols],
    logger: false,
    cursorSecret: randomBytes(32),
  })
  return {
    async get(pathAndQuery) {
      const response = await server.app.inject({ method: 'GET', url: pathAndQuery })
      const contentType = String(response.headers['content-type'] ?? '')
      let json: unknown
      try {
        json = parseJsonExact(response.body)
      } catch {
        json = undefined
      }
      return { status: response.statusCode, contentType, text: response.body, json }
    },
    close: () => server.close(),
  }
}
