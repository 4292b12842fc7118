import { createServer, connect, type Socket } from 'node:net'

/**
 * A TCP proxy in front of PostgreSQL that can hold the server's answers back and then deliver them together, so a
 * test controls which answers the client finds in one poll of its event loop.
 */
export interface AnswerHoldingProxy {
  readonly port: number
  /** From now on, what PostgreSQL sends is kept until `release`. */
  hold(): void
  /** Resolves once `sessions` connections each hold a complete answer (one ending with ReadyForQuery). */
  answered(sessions: number): Promise<void>
  /** Delivers every held answer, all in the same tick, then forwards again. */
  release(): void
  close(): Promise<void>
}

interface Link {
  readonly client: Socket
  held: Buffer[]
}

/** Starts the proxy on 127.0.0.1 (a free port) in front of `host:port`. */
export async function startAnswerHoldingProxy(host: string, port: number): Promise<AnswerHoldingProxy> {
  const links = new Set<Link>()
  const sockets = new Set<Socket>()
  let holding = false
  let onAnswer: (() => void) | undefined
  const track = (socket: Socket): void => {
    sockets.add(socket)
    socket.on('error', () => undefined)
    socket.on('close', () => sockets.delete(socket))
  }
  const server = createServer((client) => {
    track(client)
    const upstream = connect(port, host)
    track(upstream)
    const link: Link = { client, held: [] }
    links.add(link)
    client.on('data', (data) => upstream.write(data))
    upstream.on('data', (data) => {
      if (!holding) return void client.write(data)
      link.held.push(data)
      onAnswer?.()
    })
    client.on('close', () => {
      links.delete(link)
      upstream.destroy()
    })
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const complete = (): number => [...links].filter((link) => endsWithReadyForQuery(Buffer.concat(link.held))).length
  return {
    port: (server.address() as { port: number }).port,
    hold() {
      holding = true
    },
    answered(sessions) {
      return new Promise((resolve) => {
        const check = (): void => {
          if (complete() < sessions) return
          onAnswer = undefined
          resolve()
        }
        onAnswer = check
        check()
      })
    },
    release() {
      holding = false
      for (const link of links) {
        if (link.held.length > 0) link.client.write(Buffer.concat(link.held))
        link.held = []
      }
      // Loopback delivery may finish in a softirq a moment later: wait, blocking this event loop, so that every
      // answer has reached its socket before the loop polls again and the client finds them all in one poll.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50)
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** PostgreSQL's ReadyForQuery: `Z`, length 5, a status byte — the last message of every answer. */
function endsWithReadyForQuery(data: Buffer): boolean {
  return data.length >= 6 && data[data.length - 6] === 0x5a && data.readInt32BE(data.length - 5) === 5
}
