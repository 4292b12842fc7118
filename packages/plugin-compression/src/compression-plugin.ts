import type { ResponseEncoderPlugin } from '@sluice/core/protocol'
import { CompressionEncoder } from './compress-response.js'
import { compressionSettings, DEFAULT_THRESHOLD_BYTES } from './compression-settings.js'

export interface CompressionPluginOptions {
  /** Smallest body, in bytes, worth compressing (default 1024). */
  readonly thresholdBytes?: number
}

/**
 * `runtime.compression.level`: `optimal` (the default when unset, as in Data API builder), `fastest` or `none`.
 * Applies to every protocol's responses through core's response-encoder seam.
 */
export function compressionPlugin(options: CompressionPluginOptions = {}): ResponseEncoderPlugin {
  return {
    kind: 'response-encoder',
    name: '@sluice/plugin-compression',
    core: '^0.1.0',
    createEncoder(config) {
      const level = config.runtime.compression.level ?? 'optimal'
      if (level === 'none') return undefined
      return new CompressionEncoder(compressionSettings(level, options.thresholdBytes ?? DEFAULT_THRESHOLD_BYTES))
    },
  }
}
