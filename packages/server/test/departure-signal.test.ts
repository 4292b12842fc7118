import { Agent, request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type SluiceServer } from '../src/index.js'
import { buildLibraryConfig } from './support/library-test-server.js'

/**
 * The departure signal belongs to the connection (mount-protocol.ts): many requests on one keep-alive connection
 * share it, each answered in full, and none leaves an abort listener behind on it (they would pile up for the
 * connection's lifetime). That a departed client's statement is cancelled is tested in resilience-*.test.ts.
 */
let server: SluiceServer
let origin: string
const warnings: string[] = []
const onWarning = (warning: Error): void => void warnings.push(`${warning.name}: ${warning.message}`)

beforeAll(async () => {
  server = await createServer({ config: buildLibraryConfig(), logger: false })
  origin = await server.listen(0, '127.0.0.1')
  process.on('warning', onWarning)
})

afterAll(async () => {
  process.off('warning', onWarning)
  await server.close()
})

function get(agent: Agent, path: string): Promise<{ status: number; body: string; socket: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { agent }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, socket: req.socket }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('the departure signal of a keep-alive connection', () => {
  it('serves many requests on one connection, reads and writes alike, leaving no listener behind', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const sockets = new Set<unknown>()
      for (let i = 0; i < 40; i++) {
        const res = await get(
          agent,
          i % 2 === 0 ? '/api/Book?$first=2' : '/graphql?query=%7Bbooks(first%3A1)%7Bitems%7Bid%7D%7D%7D',
        )
        expect(res.status, res.body).toBe(200)
        sockets.add(res.socket)
      }
      expect(sockets.size).toBe(1)
      expect(warnings.filter((w) => w.includes('MaxListeners'))).toEqual([])
    } finally {
      agent.destroy()
    }
  })

  it('answers pipelined requests in order to a client that half-closes after sending them', async () => {
    const address = new URL(origin)
    const text = await new Promise<string>((resolve) => {
      const socket = connect(Number(address.port), address.hostname, () => {
        socket.end(
          'GET /api/Book?$first=1 HTTP/1.1\r\nHost: test\r\n\r\nGET /api/Book?$first=2 HTTP/1.1\r\nHost: test\r\n\r\n',
        )
      })
      let received = ''
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString()
      })
      socket.on('close', () => resolve(received))
      socket.on('error', () => resolve(received))
    })
    // Interim 102 lines (the half-close probe) may precede either answer, never split one.
    const answers = text.replace(/HTTP\/1\.1 102 Processing\r\n\r\n/g, '').split(/(?=HTTP\/1\.1 )/)
    expect(answers).toHaveLength(2)
    expect(answers.map((a) => a.slice(0, 15))).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK'])
    expect(
      answers.map((a) => (JSON.parse(a.slice(a.indexOf('\r\n\r\n') + 4)) as { value: unknown[] }).value.length),
    ).toEqual([1, 2])
  })
})
