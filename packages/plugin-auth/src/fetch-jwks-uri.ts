import { readConfigUrl } from './read-config-url.js'

/**
 * Reads `jwks_uri` from an issuer's OpenID Connect metadata (`/.well-known/openid-configuration`). Throws a
 * plain error on any failure (the caller reports the identity provider as unavailable).
 */
export async function fetchJwksUri(metadataUrl: URL, timeoutMs: number): Promise<URL> {
  const response = await fetch(metadataUrl, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  })
  if (response.status !== 200) throw new Error(`${metadataUrl.href} answered ${response.status}`)
  const metadata = (await response.json()) as unknown
  const jwksUri =
    typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>)['jwks_uri'] : undefined
  if (typeof jwksUri !== 'string') throw new Error(`${metadataUrl.href} has no jwks_uri`)
  const url = readConfigUrl(jwksUri)
  if (!(url instanceof URL)) throw new Error(`${metadataUrl.href} gives an unusable jwks_uri: ${url.error}`)
  return url
}
