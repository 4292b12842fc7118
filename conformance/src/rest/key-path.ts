import type { FixtureColumn, FixtureValue } from '../fixture.js'

/** A key part as a REST path names it: the API field name and the value. */
export interface KeyPart {
  readonly column: FixtureColumn
  readonly value: Exclude<FixtureValue, null>
}

/** `/api/<entity>/<name>/<value>…` with every segment percent-encoded, key parts in the order given. */
export function buildKeyPath(entity: string, parts: readonly KeyPart[]): string {
  return `/api/${encodeURIComponent(entity)}${parts.map((p) => `/${encodeURIComponent(p.column.name)}/${encodeURIComponent(formatKeyValue(p.value))}`).join('')}`
}

/** A key value as text: in a path segment, and in messages such as `Could not find item with <id: 5>`. */
export function formatKeyValue(value: Exclude<FixtureValue, null>): string {
  return String(value)
}

/**
 * Whether a value can address a row in a REST path: an empty segment is a missing value, and a backslash is refused
 * in any path (`SLUICE_ERR_INVALID_PATH`), encoded or not. Such keys exist, but only collection reads see them.
 */
export function isAddressableKeyValue(value: FixtureValue): boolean {
  return (
    value !== null &&
    !(
      typeof value === 'string' &&
      (value === '' || value.includes('\\') || value.includes('/') || value === '.' || value === '..')
    )
  )
}

/**
 * The decoded segments of an absolute `Location` (or any URL) path: `['api', 'items', 'id', '5']`. Undefined when the
 * text is not an absolute http(s) URL or a segment is not valid percent-encoding.
 */
export function readLocationSegments(location: string): string[] | undefined {
  const m = /^https?:\/\/[^/?#]+(\/[^?#]*)$/i.exec(location)
  if (m === null) return undefined
  try {
    return m[1]!.split('/').slice(1).map(decodeURIComponent)
  } catch {
    return undefined
  }
}
