import pg from 'pg'
import type { PostgresPool, PostgresPoolClient } from './postgres-driver-config.js'

/**
 * Sessions a CancelRequest was sent for. The request travels on a connection of its own and may reach PostgreSQL
 * after the statement it was meant for has ended; a session handed to the next request meanwhile would have that
 * request's statement cancelled. So such a session is never reused: `releaseSession` discards it (a new connection
 * costs the pool a few milliseconds, and only after a client went away mid-statement).
 */
const cancelledSessions = new WeakSet<PostgresPoolClient>()
const CANCEL_PENDING = new Error('a CancelRequest for this session may still arrive')

/**
 * Gives `client` back to the pool, or discards it when its connection broke or a cancel for it may be pending.
 * `mayBeCancelled` false (its request's signal never aborted, so no cancel was sent) skips the lookup.
 */
export function releaseSession(client: PostgresPoolClient, broken: Error | undefined, mayBeCancelled = true): void {
  client.release(broken ?? (mayBeCancelled && cancelledSessions.has(client) ? CANCEL_PENDING : undefined))
}

/**
 * Asks PostgreSQL to cancel the statement `client` is running, with pg's CancelRequest over a connection of its own
 * (no pooled session needed). Best effort: a pool whose settings are unknown (a caller's own) is not cancelled.
 */
export function cancelOnServer(pool: PostgresPool, client: PostgresPoolClient): void {
  const settings = (pool as { options?: pg.ClientConfig }).options
  const target = client as unknown as { activeQuery?: unknown }
  if (settings === undefined || target.activeQuery === undefined) return
  cancelledSessions.add(client)
  const canceller = new pg.Client(settings) as unknown as {
    connection: { on(e: string, l: () => void): void }
    cancel(c: unknown, q: unknown): void
  }
  canceller.connection.on('error', () => undefined)
  canceller.cancel(client, target.activeQuery)
}
