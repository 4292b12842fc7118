/** How remote signing keys are fetched and cached (code-level tuning, not config). */
export interface KeySetOptions {
  /** Abort a metadata or JWKS request after this long. Default 5000 ms. */
  readonly timeoutMs?: number
  /** After a successful JWKS fetch, an unknown `kid` triggers no new fetch for this long. Default 30000 ms. */
  readonly cooldownMs?: number
  /** Keys are re-fetched once they are this old. Default 600000 ms (10 minutes). */
  readonly cacheMaxAgeMs?: number
}

export const DEFAULT_KEY_SET_OPTIONS: Required<KeySetOptions> = Object.freeze({
  timeoutMs: 5000,
  cooldownMs: 30_000,
  cacheMaxAgeMs: 600_000,
})

/** The options with every unset value defaulted. */
export function resolveKeySetOptions(options: KeySetOptions = {}): Required<KeySetOptions> {
  return {
    timeoutMs: options.timeoutMs ?? DEFAULT_KEY_SET_OPTIONS.timeoutMs,
    cooldownMs: options.cooldownMs ?? DEFAULT_KEY_SET_OPTIONS.cooldownMs,
    cacheMaxAgeMs: options.cacheMaxAgeMs ?? DEFAULT_KEY_SET_OPTIONS.cacheMaxAgeMs,
  }
}
