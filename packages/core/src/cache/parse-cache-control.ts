/** The request directives of `Cache-Control` the response cache honours (RFC 9111 §5.2.1), as Data API builder does. */
export interface CacheDirectives {
  /** `no-cache`: answer from the database (not from the cache), then store the fresh answer. */
  readonly noCache: boolean
  /** `no-store`: an answer already cached may be used, but this request's answer is never stored. */
  readonly noStore: boolean
  /** `only-if-cached`: answer from the cache or fail with 504; never ask the database. */
  readonly onlyIfCached: boolean
}

export const NO_DIRECTIVES: CacheDirectives = Object.freeze({ noCache: false, noStore: false, onlyIfCached: false })

/**
 * Reads the request's `Cache-Control` header value (several header lines joined with commas). Directives are
 * case-insensitive and combine: `no-cache, no-store` neither reads nor writes the cache. Other directives
 * (`max-age`, `max-stale` …) and arguments are ignored. Data API builder compares the whole header value with one
 * directive, so a combination there matches none; here each directive counts.
 */
export function parseCacheControl(header: string | undefined): CacheDirectives {
  if (header === undefined || header === '') return NO_DIRECTIVES
  let noCache = false
  let noStore = false
  let onlyIfCached = false
  for (const part of header.split(',')) {
    const equals = part.indexOf('=')
    const name = (equals === -1 ? part : part.slice(0, equals)).trim().toLowerCase()
    if (name === 'no-cache') noCache = true
    else if (name === 'no-store') noStore = true
    else if (name === 'only-if-cached') onlyIfCached = true
  }
  return noCache || noStore || onlyIfCached ? { noCache, noStore, onlyIfCached } : NO_DIRECTIVES
}
