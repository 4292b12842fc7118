import { SluiceError } from '@sluice/core/protocol'

/**
 * Reads `/{name}/{value}` pairs after the entity path into an object of raw string values. `trailingSlash` tells
 * whether the path ended in `/`: then a lone last segment is a key name whose value is missing (`/Book/id/`), not
 * an unnamed value (`/Book/1`).
 */
export function parseKeySegments(
  segments: readonly string[],
  trailingSlash = false,
): Record<string, string> | undefined {
  if (segments.length === 0) return undefined
  if (segments.length % 2 === 1) {
    const last = segments[segments.length - 1]!
    throw segments.length === 1 && !trailingSlash
      ? new SluiceError('SLUICE_ERR_IMPLICIT_KEY', { segment: last })
      : new SluiceError('SLUICE_ERR_KEY_WITHOUT_VALUE', { name: last })
  }
  const key: Record<string, string> = Object.create(null) as Record<string, string>
  for (let i = 0; i < segments.length; i += 2) {
    const name = segments[i]!
    const value = segments[i + 1]!
    if (name === '') throw new SluiceError('SLUICE_ERR_IMPLICIT_KEY', { segment: value })
    if (value === '') throw new SluiceError('SLUICE_ERR_KEY_WITHOUT_VALUE', { name })
    if (Object.hasOwn(key, name)) throw new SluiceError('SLUICE_ERR_DUPLICATE_KEY', { name })
    key[name] = value
  }
  return key
}
