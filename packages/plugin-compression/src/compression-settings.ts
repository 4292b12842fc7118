import { constants } from 'node:zlib'
import type { CompressionLevel } from '@sluice/core'

/** How hard each encoding works at a level. */
export interface CompressionSettings {
  readonly gzipLevel: number
  readonly brotliQuality: number
  /** Bodies smaller than this many bytes are sent as they are: compressing them costs more than it saves. */
  readonly thresholdBytes: number
}

/** Bodies below one typical MTU's payload gain little (the same threshold ASP.NET and compression middlewares use). */
export const DEFAULT_THRESHOLD_BYTES = 1024

/**
 * `optimal` is balanced, as .NET's `CompressionLevel.Optimal` that Data API builder uses: gzip's default level 6 and
 * brotli quality 4 (brotli's own default of 11 is made for static assets and costs far too much per response);
 * `fastest` is gzip 1 and brotli 1. `none` (and an unset level resolved to `none`) never reaches here.
 */
export function compressionSettings(
  level: Exclude<CompressionLevel, 'none'>,
  thresholdBytes = DEFAULT_THRESHOLD_BYTES,
): CompressionSettings {
  return level === 'fastest'
    ? { gzipLevel: constants.Z_BEST_SPEED, brotliQuality: 1, thresholdBytes }
    : { gzipLevel: 6, brotliQuality: 4, thresholdBytes }
}
