/**
 * Reads a roles claim path (`jwt.roles-path`, Data API builder's syntax):
 * - segments separated by `.` walk down nested objects: `realm_access.roles`;
 * - a segment written `['…']` is one property name taken literally, dots, slashes and colons included:
 *   `resource_access['my-api'].roles`, `['https://example.com/roles']`;
 * - a path that starts with `http://` or `https://` is one top-level claim name as a whole (Auth0's namespaced
 *   claims): `https://example.com/roles`.
 * Returns the segments, or a message saying what is wrong.
 */
export function parseRolesPath(path: string): { readonly segments: readonly string[] } | { readonly error: string } {
  if (path.trim() === '') return { error: 'the path is empty' }
  if (/^https?:\/\//.test(path)) return { segments: [path] }
  const segments: string[] = []
  let i = 0
  while (i < path.length) {
    if (path.startsWith("['", i)) {
      const end = path.indexOf("']", i + 2)
      if (end < 0) return { error: `the bracketed name at position ${i + 1} has no closing ']` + "'" }
      if (end === i + 2) return { error: `the bracketed name at position ${i + 1} is empty` }
      segments.push(path.slice(i + 2, end))
      i = end + 2
    } else {
      const start = i
      while (i < path.length && path[i] !== '.' && path[i] !== '[') i++
      if (i === start) return { error: `a name is missing at position ${start + 1}` }
      segments.push(path.slice(start, i))
    }
    if (i === path.length) break
    if (path[i] === '.') {
      i++
      if (i === path.length) return { error: 'the path ends with a dot' }
    } else if (!path.startsWith("['", i)) {
      return {
        error: `unexpected '${path[i] ?? ''}' at position ${i + 1}; write ['name'] for a name with special characters`,
      }
    }
  }
  return { segments }
}
