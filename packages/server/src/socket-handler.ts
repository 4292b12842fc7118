import type { FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'
import {
  isSluiceError,
  resolveRequestContext,
  type ProtocolSocket,
  type RequestContext,
  type Sluice,
  type SocketRouteDefinition,
} from '@sluice/core'
import { toHttpRequest } from './http-adapter.js'

/** A WebSocket close reason may hold 123 bytes. */
const MAX_REASON_BYTES = 123

/**
 * The `wsHandler` of a protocol's socket route (`ProtocolHost.socket`): checks the subprotocol, resolves the caller
 * from the upgrade request's headers as for any request (a failure closes the socket with 4401 or 4403 and the
 * reason), and hands the protocol a `ProtocolSocket`. Messages that arrive while authentication is still under way
 * are kept and given to the protocol's listener in order.
 */
export function socketHandler(sluice: Sluice, definition: SocketRouteDefinition) {
  return (socket: WebSocket, request: FastifyRequest): void => {
    const early: string[] = []
    const keep = (data: unknown): void => void early.push(String(data))
    socket.on('message', keep)
    if (!definition.protocols.includes(socket.protocol)) {
      socket.close(4406, 'Subprotocol not acceptable')
      return
    }
    const http = toHttpRequest(request)
    const open = (context: RequestContext): void => {
      const wrapped: ProtocolSocket = {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve, reject) => socket.send(data, (error) => (error ? reject(error) : resolve()))),
        close: (code, reason) => socket.close(code, reason === undefined ? undefined : clip(reason)),
        onMessage: (listener) => {
          socket.off('message', keep)
          socket.on('message', (data) => listener(String(data)))
          for (const message of early.splice(0)) listener(message)
        },
        onClose: (listener) => socket.on('close', (code, reason) => listener(code, String(reason))),
      }
      definition.handler(wrapped, http, context)
    }
    const refuse = (error: unknown): void => {
      const status = isSluiceError(error) ? error.status : 500
      const message = isSluiceError(error) ? error.message : 'Internal server error'
      socket.close(status === 401 ? 4401 : status === 403 ? 4403 : 4500, clip(message))
    }
    try {
      const context = resolveRequestContext(sluice, http, { requestId: request.id, signal: undefined })
      if (context instanceof Promise) context.then(open, refuse)
      else open(context)
    } catch (error) {
      refuse(error)
    }
  }
}

function clip(reason: string): string {
  let text = reason
  while (Buffer.byteLength(text) > MAX_REASON_BYTES) text = text.slice(0, -1)
  return text
}
