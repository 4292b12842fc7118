import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { SluiceError } from '@sluice/core'
import { deferIdleCloseUntilFlushed } from './defer-idle-close-until-flushed.js'
import { handleClientError } from './handle-client-error.js'
import { SERVER_VERSION } from './server-version.js'
import type { SluiceServer } from './create-server.js'

/** One configuration's server, and the requests it still serves. */
interface Generation {
  readonly server: SluiceServer
  inFlight: number
  drained: (() => void) | undefined
}

/** How long requests on already-open keep-alive connections are still served after shutdown begins. */
const SHUTDOWN_DRAIN_MS = 1_000
/** fastify's own keep-alive timeout, so clients see the same server either way. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000

/**
 * The listening socket of `sluice start`, in front of the Sluice server of the current configuration. It listens
 * before Sluice has booted (answering 503 with `Retry-After` until it has: a database still waking up is waited
 * for, not fatal), hands each request to the current configuration's fastify app, and can swap in a new one
 * (hot reload) while requests in flight finish on the one they started with.
 */
export class FrontServer {
  readonly server: Server
  #current: Generation | undefined
  #closing = false

  constructor() {
    this.server = createHttpServer((request, response) => this.#dispatch(request, response))
    this.server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
    // As createServer's own server does: answer half-closed clients, envelope parser errors, flush before closing.
    ;(this.server as { httpAllowHalfOpen?: boolean }).httpAllowHalfOpen = true
    this.server.on('clientError', handleClientError)
    deferIdleCloseUntilFlushed(this.server)
  }

  /** Starts listening; resolves with the address (`http://host:port`). */
  listen(port: number, host: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const onError = (error: Error & { code?: string }): void => {
        const detail =
          error.code === 'EADDRINUSE'
            ? 'the port is already in use.'
            : error.code === 'EACCES'
              ? 'permission denied.'
              : error.message
        reject(new SluiceError('SLUICE_ERR_LISTEN', { address: `${host}:${port}`, detail }, { cause: error }))
      }
      this.server.once('error', onError)
      this.server.listen(port, host, () => {
        this.server.off('error', onError)
        const address = this.server.address()
        const where = typeof address === 'object' && address !== null ? address : { address: host, port }
        resolve(`http://${where.address.includes(':') ? `[${where.address}]` : where.address}:${where.port}`)
      })
    })
  }

  /** The server now answering, if any. */
  get current(): SluiceServer | undefined {
    return this.#current?.server
  }

  /**
   * Routes new requests to `server` from now on. Resolves with the previous server once its in-flight requests
   * have finished (it is not closed here), or at once when there was none.
   */
  async use(server: SluiceServer): Promise<SluiceServer | undefined> {
    const previous = this.#current
    this.#current = { server, inFlight: 0, drained: undefined }
    if (previous !== undefined) await drained(previous)
    return previous?.server
  }

  /**
   * Shuts down without cutting anyone off: stops accepting connections, keeps answering requests that arrive on
   * open keep-alive connections for a moment (with `Connection: close`, so clients reconnect elsewhere) instead of
   * resetting them, waits for in-flight requests, then closes the current server (its pools).
   */
  async close(): Promise<void> {
    if (this.#closing) return
    this.#closing = true
    const closeIdle = this.server.closeIdleConnections.bind(this.server)
    this.server.closeIdleConnections = () => undefined
    const listening = this.server.listening
    const stopped = new Promise<void>((resolve) => this.server.close(() => resolve()))
    if (listening) await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_DRAIN_MS))
    this.server.closeIdleConnections = closeIdle
    closeIdle()
    const generation = this.#current
    if (generation !== undefined) {
      await drained(generation)
      await generation.server.close()
    }
    await stopped
  }

  #dispatch(request: IncomingMessage, response: ServerResponse): void {
    if (this.#closing) response.setHeader('connection', 'close')
    const generation = this.#current
    if (generation === undefined) return answerStarting(request, response)
    generation.inFlight++
    response.once('close', () => {
      generation.inFlight--
      if (generation.inFlight === 0) generation.drained?.()
    })
    generation.server.app.routing(request, response)
  }
}

function drained(generation: Generation): Promise<void> {
  if (generation.inFlight === 0) return Promise.resolve()
  return new Promise((resolve) => {
    generation.drained = resolve
  })
}

/**
 * Before the first configuration has booted (the database is not reachable yet): `GET /` says the process is alive
 * (a liveness probe must not restart it for the database's sake); everything else is 503 with `Retry-After`, in
 * the REST error envelope.
 */
function answerStarting(request: IncomingMessage, response: ServerResponse): void {
  if (request.method === 'GET' && (request.url === '/' || request.url?.startsWith('/?') === true)) {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    response.end(JSON.stringify({ status: 'Healthy', version: SERVER_VERSION }))
    return
  }
  const error = new SluiceError('SLUICE_ERR_STARTING')
  response.writeHead(error.status, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' })
  response.end(JSON.stringify({ error: { code: error.wireCode, message: error.message, status: error.status } }))
}
