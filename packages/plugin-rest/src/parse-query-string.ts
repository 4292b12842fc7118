import { SluiceError } from '@sluice/core/protocol'

/** The query options REST understands; names are exact and case-sensitive. */
export const QUERY_OPTIONS = ['$select', '$filter', '$orderby', '$first', '$after', '$count', '$expand'] as const
export type QueryOption = (typeof QUERY_OPTIONS)[number]
export type QueryOptions = Partial<Record<QueryOption, string>>

const KNOWN: ReadonlySet<string> = new Set(QUERY_OPTIONS)

/**
 * Parses the raw query string. Pairs are split on `&` before decoding, so `%26` inside a `$filter` string stays
 * data. Unknown names, repeated options, names without a value and empty names are 400s.
 */
export function parseQueryString(raw: string): QueryOptions {
  const options: QueryOptions = {}
  if (raw === '') return options
  for (const pair of raw.split('&')) {
    if (pair === '') continue
    const eq = pair.indexOf('=')
    const name = decode(eq === -1 ? pair : pair.slice(0, eq))
    const value = eq === -1 ? undefined : decode(pair.slice(eq + 1))
    if (name === '') throw new SluiceError('SLUICE_ERR_INVALID_QUERY_PARAMETER', { name: '(empty name)' })
    if (!KNOWN.has(name)) throw new SluiceError('SLUICE_ERR_INVALID_QUERY_PARAMETER', { name })
    const option = name as QueryOption
    if (options[option] !== undefined) throw new SluiceError('SLUICE_ERR_DUPLICATE_QUERY_PARAMETER', { name })
    if (value === undefined || value.trim() === '') throw new SluiceError('SLUICE_ERR_EMPTY_QUERY_PARAMETER', { name })
    options[option] = value
  }
  return options
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    throw new SluiceError('SLUICE_ERR_INVALID_QUERY_PARAMETER', {
      name: `${text.slice(0, 40)} (malformed percent-encoding)`,
    })
  }
}
