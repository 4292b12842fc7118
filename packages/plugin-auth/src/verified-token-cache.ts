import { LRUCache } from 'lru-cache'
import type { Principal } from '@sluice/core'

/** How many verified tokens are kept, and for how long at most. */
export const VERIFIED_TOKENS_KEPT = 10_000
export const VERIFIED_TOKEN_MAX_AGE_MS = 60_000

/**
 * Principals of bearer tokens verified lately, by the token's exact text: a client sends the same token with every
 * request, and verifying it again (signature, claims, roles) cost more server CPU than the rest of a list request.
 * Only tokens that passed every check are kept; each only while `exp` (with the clock skew) still holds, and no
 * longer than `maxAgeMs` (a minute, or less: the age at which remote signing keys are fetched again, so a key the
 * issuer withdraws stops being honoured as soon as without this cache). Bounded by count (least recently used go first).
 */
export class VerifiedTokenCache {
  readonly #entries: LRUCache<string, { readonly principal: Principal; readonly until: number }>
  readonly #now: () => number
  readonly #maxAgeMs: number

  constructor(options: { readonly max?: number; readonly maxAgeMs?: number; readonly now?: () => number } = {}) {
    this.#entries = new LRUCache({ max: options.max ?? VERIFIED_TOKENS_KEPT })
    this.#maxAgeMs = Math.min(options.maxAgeMs ?? VERIFIED_TOKEN_MAX_AGE_MS, VERIFIED_TOKEN_MAX_AGE_MS)
    this.#now = options.now ?? Date.now
  }

  get(token: string): Principal | undefined {
    const entry = this.#entries.get(token)
    if (entry === undefined) return undefined
    if (entry.until > this.#now()) return entry.principal
    this.#entries.delete(token)
    return undefined
  }

  /** Keeps a verified token's principal; `exp` in seconds as in the token (a token without it is not kept). */
  set(token: string, principal: Principal, exp: number | undefined, clockSkewSeconds: number): void {
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return
    const now = this.#now()
    // jose accepts a token while floor(now / 1000) < exp + skew, i.e. while now < (exp + skew) × 1000.
    const until = Math.min((exp + clockSkewSeconds) * 1000, now + this.#maxAgeMs)
    if (until > now) this.#entries.set(token, { principal, until })
  }

  get size(): number {
    return this.#entries.size
  }
}
