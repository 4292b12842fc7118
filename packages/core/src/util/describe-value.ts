/**
 * A short, single-line rendering of a client-supplied value for an error message: JSON-like, at most `maxLength`
 * characters, and never deeper than a few levels — a value nested thousands of levels deep (which would overflow
 * the stack of `JSON.stringify`) is described by its outer levels only.
 */
export function describeValue(value: unknown, maxLength = 60): string {
  const text = render(value, 0)
  return text.length > maxLength ? `${text.slice(0, maxLength - 3)}...` : text
}

const MAX_DEPTH = 3
const MAX_ITEMS = 8

function render(value: unknown, depth: number): string {
  if (value === undefined) return 'undefined'
  if (typeof value === 'bigint') return value.toString()
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? String(value)
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? '[…]' : '{…}'
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => render(v, depth + 1))
    return `[${items.join(',')}${value.length > MAX_ITEMS ? ',…' : ''}]`
  }
  const entries = Object.entries(value)
  const items = entries.slice(0, MAX_ITEMS).map(([k, v]) => `${JSON.stringify(k)}:${render(v, depth + 1)}`)
  return `{${items.join(',')}${entries.length > MAX_ITEMS ? ',…' : ''}}`
}
