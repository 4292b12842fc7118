import autocannon from 'autocannon'
import type { LoadRun } from './load-run.js'

/** Varying requests for autocannon: one method, and a new path and JSON body for every request it sends. */
export interface RequestStream {
  readonly method: 'POST' | 'PATCH'
  /** Called once per request sent (autocannon rebuilds the request each time); path relative to the URL's origin. */
  next(): { readonly path: string; readonly body: string }
}

/**
 * One autocannon run (programmatic, in this process) of `seconds` with `connections` keep-alive connections: GET `url`
 * every time, or, with `stream`, the requests it hands out (each connection asks for its next one through
 * autocannon's `setupRequest`). `headers` go on every GET.
 */
export async function runAutocannon(
  url: string,
  seconds: number,
  connections: number,
  stream?: RequestStream,
  headers?: Readonly<Record<string, string>>,
): Promise<LoadRun> {
  const requests: autocannon.Request[] | undefined =
    stream === undefined
      ? undefined
      : [
          {
            method: stream.method,
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => {
              const next = stream.next()
              return { ...request, path: next.path, body: next.body }
            },
          },
        ]
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    pipelining: 1,
    ...(requests === undefined ? {} : { requests }),
    ...(headers === undefined ? {} : { headers: { ...headers } }),
  })
  return {
    tool: 'autocannon',
    seconds: result.duration,
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}
