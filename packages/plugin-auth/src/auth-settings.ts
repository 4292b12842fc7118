import type { KeyObject } from 'node:crypto'

/**
 * What `runtime.host.authentication` asks for, read and checked once at boot (`readAuthSettings`). Every provider
 * is built from one of these; nothing reads the raw config after start-up.
 */
export type AuthSettings =
  /** `authentication` is absent: development simulates roles with X-MS-API-ROLE, production is anonymous. */
  | { readonly kind: 'default' }
  | { readonly kind: 'unauthenticated' }
  | { readonly kind: 'simulator' }
  | { readonly kind: 'easy-auth'; readonly flavour: EasyAuthFlavour }
  | { readonly kind: 'jwt'; readonly jwt: JwtSettings }

export type EasyAuthFlavour = 'StaticWebApps' | 'AppService'

export interface JwtSettings {
  /** The provider as written (`EntraID`, `AzureAD`, `Custom`, or an unknown name treated as `Custom`). */
  readonly provider: string
  readonly audience: string
  readonly issuer: string
  readonly keys: KeySourceSettings
  /** Leeway for `exp` and `nbf`, in seconds. */
  readonly clockSkewSeconds: number
  readonly roles: RolesClaimSettings
}

/** Where signing keys come from: the issuer's OIDC metadata, a JWKS URL, or a key in the config. */
export type KeySourceSettings =
  | { readonly kind: 'discovery'; readonly metadataUrl: URL }
  | { readonly kind: 'jwks-uri'; readonly url: URL }
  | { readonly kind: 'static'; readonly key: StaticKey }

/** A verification key given in the config, with the algorithms it may verify. */
export type StaticKey =
  | { readonly kind: 'key'; readonly key: KeyObject; readonly algorithms: readonly string[] }
  | { readonly kind: 'jwks'; readonly jwks: { readonly keys: readonly Record<string, unknown>[] } }

export type RolesFormat = 'array' | 'string' | 'delimited-string'

/** Where the caller's roles are in a token's claims (`jwt.roles-path`) and how they are written. */
export interface RolesClaimSettings {
  /** The path as written, for messages. */
  readonly path: string
  /** The path's segments: property names from the top of the claims set down. */
  readonly segments: readonly string[]
  readonly format: RolesFormat
  readonly delimiter: string
}
