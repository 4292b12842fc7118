import {
  SluiceError,
  type Delivery,
  type EntityModel,
  type HttpRequest,
  type HttpResponse,
  type ProtocolHost,
  type RequestContext,
  type Subscription,
} from '@sluice/core/protocol'
import { buildReadRequest } from './build-read-request.js'
import { parseQueryString, type QueryOption } from './parse-query-string.js'

/** Query options that shape a page, not a feed of changes. */
const PAGE_OPTIONS: readonly QueryOption[] = ['$orderby', '$first', '$after', '$count', '$expand']

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
  // The connection is not reused once the feed ends (the server is shutting down, the subscriber was closed): it
  // would otherwise stay open, idle, until the client's keep-alive lapses and hold up the server's shutdown.
  connection: 'close',
} as const

/**
 * Whether a GET asks for the change feed: `Accept` names `text/event-stream` (what every EventSource sends) and not
 * `application/json`. A client that accepts both (MCP clients send `application/json, text/event-stream`
 * everywhere) gets the read.
 */
export function asksForChangeFeed(request: HttpRequest): boolean {
  const accept = request.headers['accept']
  const value = (typeof accept === 'string' ? accept : (accept ?? []).join(',')).toLowerCase()
  return value.includes('text/event-stream') && !value.includes('application/json')
}

/**
 * The REST change feed of an entity: the list GET with `Accept: text/event-stream`. It takes `$filter` and `$select`
 * as the read does and is authorized as that read (refused with the read's error before the stream starts); then
 * each change the caller's read would show is one Server-Sent Event — `event:` created, updated or deleted, `id:` the
 * change's id, `data:` `{"eventId","utcDateTime","actorRole","record"}` — with a comment line as heartbeat while
 * idle. When the server ends the subscription (too slow, authentication expired, shutting down) a last `error` event
 * carries the error envelope.
 */
export async function streamChangeFeed(
  host: ProtocolHost,
  request: HttpRequest,
  context: RequestContext,
  entity: EntityModel,
): Promise<HttpResponse> {
  const options = parseQueryString(request.query)
  const misplaced = PAGE_OPTIONS.find((o) => options[o] !== undefined)
  if (misplaced !== undefined)
    throw new SluiceError('SLUICE_ERR_INVALID_QUERY_PARAMETER', {
      name: `${misplaced} does not apply to a change feed (only $filter and $select do)`,
    })
  if (host.live === undefined) throw new SluiceError('SLUICE_ERR_SUBSCRIPTION_NOT_ENABLED', { entity: entity.name })
  const read = buildReadRequest(entity, undefined, options)
  const connection = {}
  const subscription = await host.live.subscribe({ request: read, context, connection })
  context.signal?.addEventListener('abort', () => subscription.close(), { once: true })
  const heartbeatMs = host.config.runtime.subscriptions.heartbeatSeconds * 1000
  return { status: 200, headers: SSE_HEADERS, body: events(subscription, heartbeatMs, context) }
}

async function* events(
  subscription: Subscription,
  heartbeatMs: number,
  context: RequestContext,
): AsyncGenerator<string> {
  const deliveries = subscription[Symbol.asyncIterator]()
  let next = deliveries.next()
  try {
    // The reconnection delay, and a first line so that proxies and clients see the stream open at once.
    yield 'retry: 2000\n: subscribed\n\n'
    for (;;) {
      let timer: NodeJS.Timeout | undefined
      const beat = new Promise<'beat'>((resolve) => (timer = setTimeout(() => resolve('beat'), heartbeatMs)))
      let outcome: IteratorResult<Delivery> | 'beat'
      try {
        outcome = await Promise.race([next, beat])
      } finally {
        clearTimeout(timer)
      }
      if (outcome === 'beat') {
        yield ': heartbeat\n\n'
        continue
      }
      if (outcome.done === true) return
      next = deliveries.next()
      yield formatEvent(outcome.value)
    }
  } catch (error) {
    if (error instanceof SluiceError) yield formatError(error)
    else context.log.error({ err: error }, 'the change feed failed')
  } finally {
    subscription.close()
  }
}

/**
 * One change as a Server-Sent Event. The record is JSON text built by the database; a raw line break can only be
 * whitespace between its tokens (inside strings JSON escapes them), so it becomes a space to keep `data:` one line.
 */
function formatEvent({ event, record }: Delivery): string {
  const data = `{"eventId":"${event.eventId}","utcDateTime":"${event.utcDateTime}","actorRole":${JSON.stringify(event.actorRole)},"record":${record.replace(/[\r\n]+/g, ' ')}}`
  return `id: ${event.eventId}\nevent: ${event.kind}\ndata: ${data}\n\n`
}

function formatError(error: SluiceError): string {
  const envelope = { error: { code: error.wireCode, message: error.message, status: error.status } }
  return `event: error\ndata: ${JSON.stringify(envelope)}\n\n`
}
