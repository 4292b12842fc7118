/** Response compression: add it to a server's plugins to gzip or brotli-encode responses per `runtime.compression.level`. */
export { compressionPlugin } from './compression-plugin.js'
export type { CompressionPluginOptions } from './compression-plugin.js'
