/** A parse failure: the full user-facing message and the 1-based character position it points at. */
export interface FilterSyntaxError {
  readonly message: string
  readonly position: number
}

const MAX_QUOTED_LENGTH = 200
const EXCERPT_RADIUS = 40

/**
 * Builds `Syntax error at position 9 in 'id random': <detail>.` for the problem found at the 0-based UTF-16 `index`.
 * The position is counted in Unicode characters (code points), 1-based; long expressions are quoted as an excerpt.
 */
export function formatFilterSyntaxError(text: string, index: number, detail: string): FilterSyntaxError {
  const position = countCodePoints(text, index) + 1
  const sentence = /[.?!]$/.test(detail) ? detail : `${detail}.`
  return { message: `Syntax error at position ${position} in '${quoteExpression(text, index)}': ${sentence}`, position }
}

function quoteExpression(text: string, index: number): string {
  if (text.length <= MAX_QUOTED_LENGTH) return text
  const from = Math.max(0, index - EXCERPT_RADIUS)
  const to = Math.min(text.length, index + EXCERPT_RADIUS)
  return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`
}

function countCodePoints(text: string, index: number): number {
  let count = 0
  for (let i = 0; i < index && i < text.length; i++) {
    const unit = text.charCodeAt(i)
    // A high surrogate followed by a low surrogate is one character.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < index) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) i++
    }
    count++
  }
  return count + Math.max(0, index - text.length)
}
