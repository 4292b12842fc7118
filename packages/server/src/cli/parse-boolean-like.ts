/**
 * A config value read as a boolean the way Data API builder's converters read it: `true`/`false` (any case, also as
 * strings), `1`/`0`; `undefined` for anything else (an `@env()` reference, for instance).
 */
export function parseBooleanLike(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value
  if (value === 1 || value === 0) return value === 1
  if (typeof value !== 'string') return undefined
  const text = value.trim().toLowerCase()
  return text === 'true' || text === '1' ? true : text === 'false' || text === '0' ? false : undefined
}
