import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { HostConfig } from '@sluice/core'
import { CORS_EXPOSED_HEADERS, createCorsPolicy } from './create-cors-policy.js'

const NO_CORS: FastifyCorsOptions = Object.freeze({ origin: false })

/**
 * `runtime.host.cors` on every route of the server (REST, GraphQL, MCP, OpenAPI, `/`, `/health`), preflights
 * included, through @fastify/cors in the `onRequest` phase — before authentication, as the browser's preflight carries
 * no credentials. Any method and any request header are allowed (echoed back), as Data API builder does. Nothing is
 * registered when no origin is configured, so a server without CORS pays nothing per request.
 */
export async function registerCors(app: FastifyInstance, cors: HostConfig['cors']): Promise<void> {
  const policy = createCorsPolicy(cors)
  if (policy.empty) return
  const exposedHeaders = [...CORS_EXPOSED_HEADERS]
  const delegator = (
    request: FastifyRequest,
    callback: (error: Error | null, options: FastifyCorsOptions) => void,
  ): void => {
    const origin = request.headers.origin
    const allowed = origin === undefined ? undefined : policy.allowOrigin(origin)
    if (allowed === undefined) return callback(null, NO_CORS)
    const requested = request.headers['access-control-request-method']
    callback(null, {
      origin: allowed,
      credentials: policy.allowCredentials,
      methods: typeof requested === 'string' && requested !== '' ? requested : 'GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS',
      exposedHeaders,
      // An OPTIONS without Access-Control-Request-Method is still answered as a preflight rather than with text/plain.
      strictPreflight: false,
    })
  }
  await app.register(fastifyCors, { hook: 'onRequest', delegator })
  // A protocol's own Vary (Accept-Encoding from compression) replaces the one set in onRequest: put Origin back, so a
  // shared cache never serves one origin's answer to another.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const vary = reply.getHeader('vary')
    const text = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary)
    if (!/(?:^|,)\s*(?:origin|\*)\s*(?:,|$)/i.test(text))
      reply.header('vary', text === '' ? 'Origin' : `${text}, Origin`)
    done(null, payload)
  })
}
