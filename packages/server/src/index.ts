/** Boots Sluice on fastify: `createServer({ config })`, then `listen(port, host)`. */
export { createServer } from './create-server.js'
export type { CreateServerOptions, SluiceServer } from './create-server.js'
/** The built-in dialect and protocol plugins, for composing a server with extra plugins. */
export { defaultPlugins } from './default-plugins.js'
/** The pino logger `sluice start` uses (pretty on a terminal, JSON otherwise). */
export { createLogger } from './create-logger.js'
/** The secret pagination cursors are sealed with (env override, else derived from the config). */
export { deriveCursorSecret } from './derive-cursor-secret.js'
export { SERVER_VERSION } from './server-version.js'
