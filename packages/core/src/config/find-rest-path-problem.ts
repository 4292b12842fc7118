const ALLOWED =
  "segments separated by single '/', without '..', '\\', '?', '#', whitespace or percent-encoded separators"

/**
 * What is wrong with a REST path, or `undefined` when it is usable. `segments` is the normalized path without
 * its leading `/` (`api/v2` for the runtime's `/api/v2`, `catalog/books` for an entity); `written` is the value as
 * the config wrote it, quoted in the message. Rejects an empty path, `..`, backslashes, empty segments,
 * percent-encoded separators and dots (`%2F`, `%5C`, `%2E`, any case), `?`, `#`, whitespace and control characters.
 */
export function findRestPathProblem(segments: string, written: string): string | undefined {
  const reason = findReason(segments)
  return reason === undefined
    ? undefined
    : `${JSON.stringify(written)} is not a valid REST path: ${reason} (allowed: ${ALLOWED})`
}

function findReason(path: string): string | undefined {
  if (path === '') return 'it is empty'
  if (path.includes('..')) return "it contains '..'"
  if (path.includes('\\')) return 'it contains a backslash'
  const encoded = /%(2f|5c|2e)/i.exec(path)
  if (encoded !== null) return `it contains the percent-encoded separator '${encoded[0]}'`
  const reserved = /[?#]/.exec(path)
  if (reserved !== null) return `it contains the reserved character '${reserved[0]}'`
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(path)) return 'it contains whitespace or a control character'
  if (path.split('/').includes('')) return "it contains an empty segment ('//')"
  return undefined
}
