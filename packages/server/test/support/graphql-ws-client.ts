import { createClient, type Client, type FormattedExecutionResult } from 'graphql-ws'
import WebSocket from 'ws'

export type Result = FormattedExecutionResult<Record<string, any>>

/** A graphql-ws client (the library Apollo Client and urql use) whose upgrade request carries a role header. */
export function connect(url: string, role?: string): Client {
  class RoleWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: role === undefined ? {} : { 'X-MS-API-ROLE': role } })
    }
  }
  return createClient({ url, webSocketImpl: RoleWebSocket, retryAttempts: 0, lazy: true })
}

/** Subscribes and collects results until `count` arrived (or the subscription ends). */
export function collect(client: Client, query: string, count: number): { results: Result[]; done: Promise<Result[]> } {
  const results: Result[] = []
  const done = new Promise<Result[]>((resolve, reject) => {
    const stop = client.subscribe(
      { query },
      {
        next: (value: Result) => {
          results.push(value)
          if (results.length >= count) {
            stop()
            resolve(results)
          }
        },
        error: (error) => (Array.isArray(error) ? resolve([{ errors: error }]) : reject(error)),
        complete: () => resolve(results),
      },
    )
  })
  return { results, done }
}
