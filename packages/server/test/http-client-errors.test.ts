import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'

/** Sends raw bytes and returns everything the server answers before it closes the connection. */
function exchange(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text))
    let answer = ''
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString()
    })
    socket.on('close', () => resolve(answer))
    socket.on('error', () => resolve(answer))
  })
}

// Requests Node cannot parse never reach a route; they still get the spec's error envelope, not fastify's body.
describe('requests the HTTP parser refuses', () => {
  const library = useLibraryServer()

  it('headers over 16 KiB answer 431 in the error envelope', async () => {
    const port = Number(new URL(await library.server.listen(0, '127.0.0.1')).port)
    const answer = await exchange(port, `GET /api/Book HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
    expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/)
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: {
        code: 'Request Header Fields Too Large',
        message: 'The request headers exceed the limit of 16 KiB.',
        status: 431,
      },
    })
    const malformed = await exchange(port, 'GARBAGE\r\n\r\n')
    expect(malformed).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expect(JSON.parse(malformed.slice(malformed.indexOf('\r\n\r\n') + 4)).error.status).toBe(400)
  })
})
