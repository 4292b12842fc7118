/**
 * SQL `LIKE` patterns as `autoentities` uses them (Data API builder runs them on SQL Server with `ESCAPE '\'` under
 * the database's collation, case-insensitive by default). Sluice matches in core, so every engine reads a pattern
 * the same way: `%` is any run of characters, `_` one character, `[abc]` / `[a-z]` / `[^abc]` one character of (or
 * not of) a set, `\` takes the next character literally; the whole text must match, ignoring case.
 */
export function buildLikePattern(pattern: string): RegExp {
  let source = ''
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!
    if (char === '%') source += '.*'
    else if (char === '_') source += '.'
    else if (char === '\\') source += i + 1 < pattern.length ? escapeRegExp(pattern[++i]!) : '(?!)'
    else if (char === '[') {
      const close = pattern.indexOf(']', i + 1)
      if (close === -1 || close === i + 1 || (close === i + 2 && pattern[i + 1] === '^')) return /(?!)/
      source += buildCharacterSet(pattern.slice(i + 1, close))
      i = close
    } else source += escapeRegExp(char)
  }
  return new RegExp(`^${source}$`, 'isu')
}

/** Why `pattern` cannot match as intended (an unclosed or empty `[`, a trailing `\`), or `undefined`. */
export function findLikePatternProblem(pattern: string): string | undefined {
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]
    if (char === '\\') {
      if (i + 1 === pattern.length)
        return `${JSON.stringify(pattern)} ends with the escape character '\\' (write '\\\\' for a literal backslash)`
      i++
    } else if (char === '[') {
      const close = pattern.indexOf(']', i + 1)
      if (close === -1) return `${JSON.stringify(pattern)} has an unclosed '[' (write '\\[' for a literal '[')`
      if (close === i + 1 || (close === i + 2 && pattern[i + 1] === '^'))
        return `${JSON.stringify(pattern)} has an empty character set '${pattern.slice(i, close + 1)}'`
      i = close
    }
  }
  return undefined
}

/** `[…]`'s inside (`^` first negates; `a-z` is a range) as a regular-expression class. */
function buildCharacterSet(inside: string): string {
  const negated = inside.startsWith('^')
  const chars = [...(negated ? inside.slice(1) : inside)]
  let body = ''
  for (let i = 0; i < chars.length; i++) {
    if (chars[i + 1] === '-' && i + 2 < chars.length) {
      body += `${escapeClassChar(chars[i]!)}-${escapeClassChar(chars[i + 2]!)}`
      i += 2
    } else body += escapeClassChar(chars[i]!)
  }
  return `[${negated ? '^' : ''}${body}]`
}

function escapeRegExp(char: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(char) ? `\\${char}` : char
}

function escapeClassChar(char: string): string {
  return /[\\\]^[-]/.test(char) ? `\\${char}` : char
}
