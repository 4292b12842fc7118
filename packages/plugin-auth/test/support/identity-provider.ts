import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose'

/** A signing key of the test identity provider. */
export interface SigningKey {
  readonly kid: string | undefined
  readonly alg: 'RS256' | 'ES256'
  readonly privateKey: CryptoKey
  readonly publicJwk: JWK
}

export async function createSigningKey(alg: 'RS256' | 'ES256', kid: string | undefined): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true })
  const jwk = await exportJWK(publicKey)
  return { kid, alg, privateKey, publicJwk: { ...jwk, ...(kid === undefined ? {} : { kid }), alg, use: 'sig' } }
}

export const AUDIENCE = 'api://sluice-tests'

/** Claims every test token gets unless overridden: audience, subject, issued now, valid for an hour. */
export function standardClaims(issuer: string, overrides: JWTPayload = {}): JWTPayload {
  const now = Math.floor(Date.now() / 1000)
  return { iss: issuer, aud: AUDIENCE, sub: 'user-1', iat: now, exp: now + 3600, ...overrides }
}

/** Signs `payload` with `key` (its kid and alg in the header unless `header` says otherwise). */
export function signToken(key: SigningKey, payload: JWTPayload, header: Record<string, unknown> = {}): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: key.alg, ...(key.kid === undefined ? {} : { kid: key.kid }), ...header })
    .sign(key.privateKey)
}

/**
 * An OpenID Connect issuer on 127.0.0.1 (ephemeral port): `/.well-known/openid-configuration` points at `/jwks`,
 * which publishes `keys`. Tests change `keys` (rotation) or `failWith` (an outage) and read the hit counters.
 */
export interface TestIdentityProvider {
  readonly issuer: string
  readonly jwksUri: string
  keys: SigningKey[]
  /** When set, both endpoints answer with this status and a non-JSON body. */
  failWith: number | undefined
  /** Merged into the discovery document (e.g. a bad `jwks_uri`). */
  metadataOverride: Record<string, unknown>
  readonly hits: { metadata: number; jwks: number }
  close(): Promise<void>
}

export async function startIdentityProvider(keys: SigningKey[]): Promise<TestIdentityProvider> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]
    if (provider.failWith !== undefined) {
      response.writeHead(provider.failWith, { 'content-type': 'text/plain' }).end('unavailable')
      return
    }
    if (path === '/tenant/.well-known/openid-configuration') {
      provider.hits.metadata++
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ issuer: provider.issuer, jwks_uri: provider.jwksUri, ...provider.metadataOverride }))
    } else if (path === '/tenant/jwks') {
      provider.hits.jwks++
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ keys: provider.keys.map((k) => k.publicJwk) }))
    } else {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const provider: TestIdentityProvider = {
    issuer: `http://127.0.0.1:${port}/tenant`,
    jwksUri: `http://127.0.0.1:${port}/tenant/jwks`,
    keys,
    failWith: undefined,
    metadataOverride: {},
    hits: { metadata: 0, jwks: 0 },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
  return provider
}
