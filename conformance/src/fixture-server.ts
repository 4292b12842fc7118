import { randomBytes } from 'node:crypto'
import { createServer, type SluiceServer } from '@sluice/server'
import { defaultPlugins } from '@sluice/server/default-plugins'
import { ANONYMOUS_PRINCIPAL, type OperationRequest, type OperationResult, type SluicePlugin } from '@sluice/core'
import { buildFixtureConfig, type FixtureConfigOptions } from './build-fixture-config.js'
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
  /** Response headers by lower-case name; a header sent several times has its values joined by `, `. */
  readonly headers: Readonly<Record<string, string>>
}

/** A request as a scenario sends it: the method, the already encoded path and query, and optionally body and headers. */
export interface RestRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Already encoded, e.g. `/api/items/id/1`. */
  readonly url: string
  /** Sent verbatim (with `Content-Type: application/json` unless `headers` sets one); omitted = no body. */
  readonly body?: string
  /** Extra request headers; an array sends the header once per value. */
  readonly headers?: Readonly<Record<string, string | readonly string[]>>
}

/** A running Sluice over one fixture: the engine's dialect plugin plus every built-in protocol. */
export interface FixtureServer {
  /** Sends `GET pathAndQuery` (already encoded, e.g. `/api/items?$first=2`) through `inject`, no socket. */
  get(pathAndQuery: string): Promise<RestReply>
  /** Sends any request through `inject`, no socket. */
  send(request: RestRequest): Promise<RestReply>
  /**
   * Runs a protocol-neutral request through core's pipeline as the anonymous role (engine-level behaviour that no
   * built-in protocol reaches by itself, such as nested relationship reads). Errors are thrown as `SluiceError`s.
   */
  run(request: OperationRequest): Promise<OperationResult>
  close(): Promise<void>
}

/** How the fixture's entities are published (default: read-only for the anonymous role). */
export type FixtureServerOptions = FixtureConfigOptions

/** Empties the session, creates `fixture` in it, and boots a server over it (introspection sees the new tables). */
export async function createFixtureServer<S extends EngineSession>(
  engine: ConformanceEngine<S>,
  session: S,
  fixture: Fixture,
  options: FixtureServerOptions = {},
): Promise<FixtureServer> {
  await session.reset()
  await session.applyFixture(fixture)
  const protocols = defaultPlugins().filter(
    (plugin) => (plugin as SluicePlugin & { kind?: string }).kind === 'protocol',
  )
  const server: SluiceServer = await createServer({
    config: buildFixtureConfig(session.source, fixture, options),
    plugins: [engine.createPlugin(session), ...protocols],
    logger: false,
    cursorSecret: randomBytes(32),
  })
  const send = async (request: RestRequest): Promise<RestReply> => {
    const headers: Record<string, string | string[]> = {}
    if (request.body !== undefined) headers['content-type'] = 'application/json'
    for (const [name, value] of Object.entries(request.headers ?? {}))
      headers[name.toLowerCase()] = typeof value === 'string' ? value : [...value]
    const response = await server.app.inject({
      method: request.method,
      url: request.url,
      headers,
      ...(request.body === undefined ? {} : { payload: request.body }),
    })
    const replyHeaders: Record<string, string> = {}
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined)
        replyHeaders[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    }
    let json: unknown
    try {
      json = parseJsonExact(response.body)
    } catch {
      json = undefined
    }
    return {
      status: response.statusCode,
      contentType: replyHeaders['content-type'] ?? '',
      text: response.body,
      json,
      headers: replyHeaders,
    }
  }
  return {
    get: (pathAndQuery) => send({ method: 'GET', url: pathAndQuery }),
    send,
    run: (request) =>
      server.sluice.pipeline.run(request, {
        requestId: 'conformance',
        principal: ANONYMOUS_PRINCIPAL,
        role: 'anonymous',
        mode: 'development',
        log: server.sluice.log,
        signal: undefined,
      }),
    close: () => server.close(),
  }
}
