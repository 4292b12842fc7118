import pg from 'pg'
import type { DeadlineSweep } from './deadline-sweep.js'
import type { PostgresPool, PostgresPoolClient } from './postgres-driver-config.js'

/** pg-pool's message when a wait for a pooled session runs out (the error classifier knows it). */
const ACQUIRE_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect'

/**
 * A session from the pool, through pg's callback form for pg's own pool (it skips the two promises pg-pool builds
 * around every checkout). With `waits` (an owned pool), a wait that runs out leaves pg-pool's queue, as pg-pool's own
 * timer would take it out, and fails with pg-pool's message; a session that arrives later goes straight back.
 */
export function checkOut(
  pool: PostgresPool,
  waits: DeadlineSweep | undefined,
  done: (error: unknown, client?: PostgresPoolClient) => void,
): void {
  if (!(pool instanceof pg.Pool)) {
    pool.connect().then(
      (client) => done(undefined, client),
      (error: unknown) => done(error),
    )
    return
  }
  if (waits === undefined) {
    pool.connect((error, client) =>
      (error === undefined || error === null) && client !== undefined ? done(undefined, client) : done(error),
    )
    return
  }
  let waiting = true
  const expire = (): void => {
    waiting = false
    leaveQueue(pool, onSession)
    done(new Error(ACQUIRE_TIMEOUT_MESSAGE))
  }
  const onSession = (error: Error | undefined, client: pg.PoolClient | undefined): void => {
    if (!waiting) {
      client?.release()
      return
    }
    waiting = false
    waits.unwatch(deadline)
    if ((error === undefined || error === null) && client !== undefined) done(undefined, client)
    else done(error)
  }
  const deadline = waits.watch(expire)
  pool.connect(onSession)
}

/** Takes a wait that gave up out of pg-pool's queue (its `_pendingQueue`, as pg-pool's own timeout does). */
function leaveQueue(pool: pg.Pool, callback: unknown): void {
  const queue = (pool as unknown as { _pendingQueue?: { callback: unknown }[] })._pendingQueue
  const index = Array.isArray(queue) ? queue.findIndex((item) => item.callback === callback) : -1
  if (index !== -1) queue!.splice(index, 1)
}

/**
 * pg's client with a bound on opening its connection. pg-pool hands each new client its own options; the pool's
 * `connectionTimeoutMillis` would also arm a timer for every checkout, which PoolBounds' sweep replaces.
 */
export function clientConnectingWithin(connectionTimeoutMillis: number): typeof pg.Client {
  return class BoundedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      // pg-pool hides the password from enumeration, so a spread alone would drop it.
      super({ ...config, password: config?.password, connectionTimeoutMillis })
    }
  }
}
