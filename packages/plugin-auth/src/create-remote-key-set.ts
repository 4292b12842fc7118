import { createRemoteJWKSet, type RemoteJWKSet } from 'jose'
import type { KeySetOptions } from './key-set-options.js'

/** jose's remote JWKS: cached, re-fetched when stale, and re-fetched (after a cooldown) when a new `kid` appears. */
export function createRemoteKeySet(url: URL, options: Required<KeySetOptions>): RemoteJWKSet {
  return createRemoteJWKSet(url, {
    timeoutDuration: options.timeoutMs,
    cooldownDuration: options.cooldownMs,
    cacheMaxAge: options.cacheMaxAgeMs,
  })
}
