import type { Socket } from 'node:net'
import { SluiceError } from '@sluice/core'

/**
 * fastify's `clientErrorHandler`: an HTTP request Node could not even parse (headers over the 16 KiB limit, a
 * malformed request line) answered in the REST error envelope, like every other error, instead of fastify's body.
 * No route is known yet, so the REST envelope is the one used.
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return
  const coded =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new SluiceError('SLUICE_ERR_HEADERS_TOO_LARGE')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new SluiceError('SLUICE_ERR_REQUEST_TIMEOUT')
        : new SluiceError('SLUICE_ERR_BAD_REQUEST', { detail: 'the HTTP request is malformed.' })
  const body = JSON.stringify({ error: { code: coded.wireCode, message: coded.message, status: coded.status } })
  socket.end(
    `HTTP/1.1 ${coded.status} ${coded.wireCode}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}
