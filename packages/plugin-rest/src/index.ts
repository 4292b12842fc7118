/** The REST protocol plugin: add it to a server's plugins to publish entities at `runtime.rest.path`. */
export { restPlugin } from './rest-plugin.js'
/** REST's error envelope, for servers that answer outside a protocol prefix in REST's style. */
export { encodeRestError } from './encode-rest-error.js'
