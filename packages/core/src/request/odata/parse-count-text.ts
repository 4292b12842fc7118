import { SluiceError } from '../../errors/sluice-error.js'

/** `$count=true` or `$count=false` (OData's values, lower-case as every option value is); anything else is a 400. */
export function parseCountText(text: string, place = '$count'): boolean {
  const trimmed = text.trim()
  if (trimmed === 'true') return true
  if (trimmed === 'false') return false
  const value = trimmed.length > 40 ? `${trimmed.slice(0, 37)}...` : trimmed
  throw new SluiceError('SLUICE_ERR_INVALID_QUERY_PARAMETER', { name: `${place}=${value} (expected true or false)` })
}
