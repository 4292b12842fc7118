import type { Server } from 'node:http'
import type { Socket } from 'node:net'

const POLL_MS = 20

/**
 * Node's `server.close()` calls `closeIdleConnections()`, which counts a connection as idle as soon as `res.end()`
 * was called — even while megabytes of that reply still queue in the socket — and destroys it, truncating the
 * reply (nodejs/node#43890 made it wait only for responses not yet ended). This wraps `closeIdleConnections` so
 * that, while any connection still has queued bytes, the idle sweep waits until they are flushed. Costs one Set
 * entry per connection (not per request).
 */
export function deferIdleCloseUntilFlushed(server: Server): void {
  const sockets = new Set<Socket>()
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  const closeIdle = server.closeIdleConnections.bind(server)
  const hasQueuedBytes = (): boolean => [...sockets].some((s) => !s.destroyed && s.writableLength > 0)
  let waiting: NodeJS.Timeout | undefined
  server.closeIdleConnections = function closeIdleConnectionsOnceFlushed(): void {
    if (!hasQueuedBytes()) return closeIdle()
    // One poller however often the sweep is asked for.
    waiting ??= setInterval(() => {
      if (hasQueuedBytes()) return
      clearInterval(waiting)
      waiting = undefined
      closeIdle()
    }, POLL_MS)
  }
}
