import autocannon from 'autocannon'

/** One request of a stream: path relative to the origin, and for a write its method and JSON body. */
export interface AmountRequest {
  readonly method: 'GET' | 'POST' | 'PATCH'
  readonly path: string
  readonly body?: string | undefined
}

/**
 * Sends exactly `amount` requests over `connections` keep-alive connections, each the next one `next` hands out;
 * rejects if any failed or answered outside 2xx (an instruction count of error answers would mean nothing).
 */
export async function runRequestAmount(
  origin: string,
  amount: number,
  connections: number,
  next: () => AmountRequest,
): Promise<void> {
  const first = next()
  const result = await autocannon({
    url: origin + first.path,
    amount,
    connections,
    pipelining: 1,
    // Under valgrind a cold server answers its first requests slowly; autocannon's default is 10 s.
    timeout: 120,
    requests: [
      {
        method: first.method,
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          const r = next()
          return { ...request, method: r.method, path: r.path, ...(r.body === undefined ? {} : { body: r.body }) }
        },
      },
    ],
  })
  const failed = result.non2xx + result.errors + result.timeouts
  if (failed > 0)
    throw new Error(`${failed} of ${amount} requests to ${origin}${first.path} failed or answered outside 2xx`)
}
