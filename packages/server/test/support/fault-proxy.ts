import { createServer as createTcpServer, connect, type Server as TcpServer, type Socket } from 'node:net'

export type FaultMode = 'forward' | 'down' | 'hang'

/**
 * A TCP proxy to a database whose behaviour a test switches: forward, refuse (down), or accept and stall (hang); and
 * whose new connections may be held back a while before they reach the database (a slow network to open through).
 */
export interface FaultProxy {
  readonly port: number
  set(mode: FaultMode): void
  /** Connections accepted from now on reach the database `ms` later (what the client sends waits). 0: at once. */
  holdNewConnections(ms: number): void
  close(): Promise<void>
}

/** Starts a proxy on 127.0.0.1 (a free port) in front of `host:port`. */
export async function startFaultProxy(host: string, port: number): Promise<FaultProxy> {
  let mode: FaultMode = 'forward'
  let holdMs = 0
  const sockets = new Set<Socket>()
  const track = (s: Socket): void => {
    sockets.add(s)
    s.on('error', () => undefined)
    s.on('close', () => sockets.delete(s))
  }
  const server: TcpServer = createTcpServer((client) => {
    track(client)
    if (mode === 'down') return client.destroy()
    if (mode === 'hang') return // accepted, never answered
    const forward = (): void => {
      const upstream = connect(port, host)
      track(upstream)
      client.pipe(upstream).pipe(client)
    }
    if (holdMs === 0) return forward()
    client.pause()
    setTimeout(() => {
      forward()
      client.resume()
    }, holdMs)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  return {
    port: (server.address() as { port: number }).port,
    set(next) {
      mode = next
      // An outage or a hang cuts what is open now too (a stalled connection stops forwarding).
      if (next !== 'forward') for (const s of sockets) next === 'down' ? s.destroy() : s.unpipe()
    },
    holdNewConnections(ms) {
      holdMs = ms
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy()
        server.close(() => r())
      }),
  }
}
