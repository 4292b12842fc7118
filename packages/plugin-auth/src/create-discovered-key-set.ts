import type { JWTVerifyGetKey, RemoteJWKSet } from 'jose'
import { createRemoteKeySet } from './create-remote-key-set.js'
import { fetchJwksUri } from './fetch-jwks-uri.js'
import type { KeySetOptions } from './key-set-options.js'

/**
 * Keys found through OIDC discovery: the first token fetches the issuer's metadata, then its `jwks_uri` is used
 * like a configured `jwt.jwks-uri` for the life of the process. Concurrent first requests share one fetch; a
 * failed discovery is retried by the next request.
 */
export function createDiscoveredKeySet(metadataUrl: URL, options: Required<KeySetOptions>): JWTVerifyGetKey {
  let pending: Promise<RemoteJWKSet> | undefined
  const load = (): Promise<RemoteJWKSet> => {
    pending ??= fetchJwksUri(metadataUrl, options.timeoutMs)
      .then((url) => createRemoteKeySet(url, options))
      .catch((error: unknown) => {
        pending = undefined
        throw error
      })
    return pending
  }
  return async (header, token) => (await load())(header, token)
}
