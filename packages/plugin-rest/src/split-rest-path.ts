import { SluiceError } from '@sluice/core/protocol'

const ENCODED_SEPARATOR = /%(2f|5c)/i

/**
 * Splits the raw (still percent-encoded) path below the REST prefix into decoded segments. Rejects what could
 * smuggle a different path past routing: `..` or `.` segments, backslashes, percent-encoded `/` or `\`, and
 * malformed percent-encoding. A single trailing slash is ignored.
 */
export function splitRestPath(rawPath: string): string[] {
  const trimmed = rawPath.replace(/^\/+/, '').replace(/\/$/, '')
  if (trimmed === '') return []
  const bad = (detail: string): SluiceError => new SluiceError('SLUICE_ERR_INVALID_PATH', { path: rawPath, detail })
  if (rawPath.includes('\\')) throw bad('backslashes are not allowed.')
  if (ENCODED_SEPARATOR.test(rawPath)) throw bad('percent-encoded path separators are not allowed.')
  return trimmed.split('/').map((segment) => {
    let decoded: string
    try {
      decoded = decodeURIComponent(segment)
    } catch {
      throw bad('malformed percent-encoding.')
    }
    if (decoded === '..' || decoded === '.') throw bad("'.' and '..' segments are not allowed.")
    if (decoded.includes('\\')) throw bad('backslashes are not allowed.')
    return decoded
  })
}
