import type { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { SluiceError } from '@sluice/core'

/** How often a half-closed connection's unanswered request is probed with an interim line. */
const HALF_CLOSE_PROBE_MS = 250

/**
 * What a request needs to know about its client's connection, kept once per connection rather than per request (a
 * listener or a timer per request costs a by-key read a measurable share of its throughput):
 *
 * - `signal` aborts when the connection closes. Over HTTP/1.1 a client can only leave by closing its connection, so
 *   every request on it shares the signal; drivers cancel the statements of an aborted request.
 * - A FIN from the client while a request runs means either "I am done sending" (a half-close; it still reads the
 *   answer) or "I am gone". TCP cannot tell them apart, so the server probes with interim `102 Processing` lines until
 *   the answer starts: a client that is gone resets the connection at the first and the next write fails, which
 *   closes the socket and aborts the signal; a half-closed client ignores 1xx lines.
 */
class ConnectionWatch {
  readonly #departure = new AbortController()
  /** Responses not yet ended, oldest first (more than one only when the client pipelines). */
  readonly #unanswered: ServerResponse[] = []
  #timer: NodeJS.Timeout | undefined

  constructor(socket: NodeJS.EventEmitter) {
    socket.once('end', () => this.#probe())
    socket.once('close', () => {
      if (this.#timer !== undefined) clearTimeout(this.#timer)
      this.#unanswered.length = 0
      this.#departure.abort(new SluiceError('SLUICE_ERR_REQUEST_CANCELLED'))
    })
  }

  get signal(): AbortSignal {
    return this.#departure.signal
  }

  /** A new request's response on this connection. */
  track(response: ServerResponse): void {
    this.#prune()
    this.#unanswered.push(response)
  }

  #prune(): void {
    const list = this.#unanswered
    let answered = 0
    while (answered < list.length && (list[answered]!.writableEnded || list[answered]!.destroyed)) answered++
    if (answered > 0) list.splice(0, answered)
  }

  /** Node answers in order: only the oldest unanswered response owns the socket and may write an interim line. */
  #probe(): void {
    this.#prune()
    const current = this.#unanswered[0]
    if (current !== undefined && !current.headersSent) current.writeProcessing()
    this.#timer = setTimeout(() => this.#probe(), HALF_CLOSE_PROBE_MS)
    this.#timer.unref()
  }
}

const watches = new WeakMap<object, ConnectionWatch>()

/**
 * The departure signal of the connection `request` arrived on, with `response` probed if the client half-closes
 * while it is unanswered. A request without a real socket (injected: light-my-request's mock socket never closes,
 * so its close could never abort) gets a signal of its own, aborted if its response closes unfinished — as an
 * injected request does when its caller aborts it (a health check given up at its threshold).
 */
export function watchConnection(request: IncomingMessage, response: ServerResponse): AbortSignal {
  const socket = request.socket as (NodeJS.EventEmitter & object) | null | undefined
  if (!(socket instanceof Socket)) return ownSignal(response)
  let watch = watches.get(socket)
  if (watch === undefined) watches.set(socket, (watch = new ConnectionWatch(socket)))
  watch.track(response)
  return watch.signal
}

function ownSignal(response: ServerResponse): AbortSignal {
  const departure = new AbortController()
  response.once('close', () => {
    if (!response.writableFinished) departure.abort(new SluiceError('SLUICE_ERR_REQUEST_CANCELLED'))
  })
  return departure.signal
}
