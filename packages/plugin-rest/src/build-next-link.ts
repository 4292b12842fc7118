import type { HttpRequest } from '@sluice/core/protocol'

/**
 * The URL of the next page: the request's own path and query with any `$after` replaced by the new cursor,
 * appended last. Absolute (scheme and host as the client saw them) unless `next-link-relative` is set; `baseRoute`
 * (`runtime.base-route`) goes before the path, where the front end serves this API.
 */
export function buildNextLink(request: HttpRequest, cursor: string, relative: boolean, baseRoute = ''): string {
  const query = request.query
  // Only a query that may hold an $after (or a %24after) needs taking apart.
  const kept =
    query === ''
      ? ''
      : query.includes('after')
        ? query
            .split('&')
            .filter((pair) => pair !== '' && !isAfter(pair))
            .join('&')
        : query
  const pathAndQuery = `${baseRoute}${request.path}?${kept === '' ? '' : `${kept}&`}$after=${cursor}`
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
