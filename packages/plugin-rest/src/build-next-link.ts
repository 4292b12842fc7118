import type { HttpRequest } from '@sluice/core'

/**
 * The URL of the next page: the request's own path and query with any `$after` replaced by the new cursor,
 * appended last. Absolute (scheme and host as the client saw them) unless `next-link-relative` is set.
 */
export function buildNextLink(request: HttpRequest, cursor: string, relative: boolean): string {
  const kept = request.query === '' ? [] : request.query.split('&').filter((pair) => pair !== '' && !isAfter(pair))
  kept.push(`$after=${cursor}`)
  const pathAndQuery = `${request.path}?${kept.join('&')}`
  return relative ? pathAndQuery : `${request.protocol}://${request.host}${pathAndQuery}`
}

function isAfter(pair: string): boolean {
  const eq = pair.indexOf('=')
  const name = eq === -1 ? pair : pair.slice(0, eq)
  try {
    return decodeURIComponent(name) === '$after'
  } catch {
    return false
  }
}
