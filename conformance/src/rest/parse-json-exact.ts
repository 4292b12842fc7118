/** Integers with more digits than this may not survive `JSON.parse` (2^53 has 16 digits). */
const SAFE_DIGITS = 15

/**
 * `JSON.parse`, except that integer literals too long to be exact as a `number` arrive as their decimal text, so
 * 64-bit values can be compared exactly. String contents are never touched. Throws on invalid JSON, as
 * `JSON.parse` does.
 */
export function parseJsonExact(text: string): unknown {
  let out = ''
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === '"') {
      const end = findStringEnd(text, i)
      out += text.slice(i, end)
      i = end
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400))!
      const token = m[0]
      const digits = token.replace(/^-/, '')
      out += m[1] === undefined && m[2] === undefined && digits.length > SAFE_DIGITS ? `"${token}"` : token
      i += token.length
    } else {
      out += c
      i++
    }
  }
  return JSON.parse(out)
}

/** Index just past the string literal starting at `start` (a `"`); the text's end if it never closes. */
function findStringEnd(text: string, start: number): number {
  let i = start + 1
  while (i < text.length) {
    if (text[i] === '\\') i += 2
    else if (text[i] === '"') return i + 1
    else i++
  }
  return text.length
}
