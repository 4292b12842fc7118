/** Who is calling, as the authentication provider established it. */
export interface Principal {
  readonly authenticated: boolean
  /** Roles the caller holds (from its token or identity header), lower-cased. */
  readonly roles: readonly string[]
  /** Claims by name; multi-valued claims are arrays. */
  readonly claims: Readonly<Record<string, unknown>>
}
