import websocket from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'

/**
 * WebSocket upgrades for protocols' socket routes (`ProtocolHost.socket`), through `@fastify/websocket`: an upgrade
 * passes fastify's hooks as any request does. A message may be as large as a request body; the subprotocol is the
 * first the client offers (each route checks it is one it speaks). On close, open sockets are closed too.
 */
export async function registerWebSockets(app: FastifyInstance, bodyLimit: number): Promise<void> {
  await app.register(websocket, {
    options: {
      maxPayload: bodyLimit,
      handleProtocols: (protocols) => protocols.values().next().value ?? false,
    },
  })
}
