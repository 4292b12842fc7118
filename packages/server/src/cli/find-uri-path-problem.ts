/** RFC 3986 reserved characters, which Data API builder refuses in runtime endpoint paths. */
const RESERVED = /[.:?#/[\]@!$&'()*+,;=]/

/**
 * Data API builder's check of a runtime path (REST, GraphQL, MCP, base-route): it starts with '/', has no white
 * space, and each '/'-separated segment after the first slash is non-empty and free of reserved characters ('/'
 * alone is fine). Returns DAB's message suffix, or `undefined` when the path is valid.
 */
export function findUriPathProblem(path: string): string | undefined {
  if (path === '') return 'cannot be null or empty.'
  if (!path.startsWith('/')) return "should start with a '/'."
  if (/\s/.test(path)) return 'contains white spaces.'
  const rest = path.slice(1)
  if (rest !== '' && rest.split('/').some((segment) => segment === '' || RESERVED.test(segment))) {
    return 'contains one or more reserved characters.'
  }
  return undefined
}

/** `api` → `/api`; a path that already starts with '/' is kept. */
export function withLeadingSlash(path: string): string {
  return path.startsWith('/') ? path : `/${path}`
}
