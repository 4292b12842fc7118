/** Boots Sluice on fastify: `createServer({ config })`, then `listen(port, host)`. */
export { createServer } from './create-server.js'
export type { CreateServerOptions, SluiceServer } from './create-server.js'
/**
 * The fastify ⇄ core HTTP adapter, for a host that mounts protocols itself: `toHttpRequest` keeps a repeated header
 * as the list of its values (so `X-MS-API-ROLE` sent twice is refused, not merged), `sendHttpResponse` streams async
 * iterable bodies. The role and error conventions themselves are core's: `createRequestContext`, `encodeErrorEnvelope`.
 */
export { sendHttpResponse, toHttpRequest, withRepeatedHeaders } from './http-adapter.js'
/** Mounts one protocol plugin under its prefix, with its error envelope, on a fastify instance. */
export { mountProtocol } from './mount-protocol.js'
/** The pino logger `sluice start` uses (pretty on a terminal, JSON otherwise). */
export { createLogger } from './create-logger.js'
/** The secret pagination cursors are sealed with (env override, else derived from the config). */
export { deriveCursorSecret } from './derive-cursor-secret.js'
export { SERVING_V8_FLAGS, tuneV8ForServing } from './tune-v8-for-serving.js'
export { SERVER_VERSION } from './server-version.js'
