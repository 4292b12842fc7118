import { Filter, type LiteralOperand } from '../filter-node.js'
import { FilterLiteralPatterns } from './filter-grammar.js'
import type { FilterToken } from './filter-token.js'

const sticky = (pattern: RegExp): RegExp => new RegExp(pattern.source, `${pattern.flags}y`)

const WHITESPACE = /[ \t]*/y
const IDENTIFIER = sticky(FilterLiteralPatterns.identifier)
const CLAIM_NAME = sticky(FilterLiteralPatterns.claimName)
const REFERENCE = /@[\p{L}\p{N}_.]*/uy
/** Characters that may not directly follow an unquoted literal (`12abc`, `1.`, `10:20`, `2001-01-31T`). */
const GLUED = /[\p{L}\p{M}\p{N}_.:+-]+/uy

/** Unquoted literal forms in the order they must be tried: a GUID or date must not be read as a number. */
const UNQUOTED_LITERALS: readonly { readonly type: LiteralOperand['literalType']; readonly pattern: RegExp }[] = [
  { type: 'guid', pattern: sticky(FilterLiteralPatterns.guid) },
  { type: 'datetime', pattern: sticky(FilterLiteralPatterns.datetime) },
  { type: 'date', pattern: sticky(FilterLiteralPatterns.date) },
  { type: 'time', pattern: sticky(FilterLiteralPatterns.time) },
  { type: 'number', pattern: sticky(FilterLiteralPatterns.number) },
]

const CHARACTER_HINTS: Readonly<Record<string, string>> = {
  '=': '; compare with eq, ne, gt, ge, lt or le',
  '<': '; compare with eq, ne, gt, ge, lt or le',
  '>': '; compare with eq, ne, gt, ge, lt or le',
  '!': "; negate with 'not', or compare with 'ne'",
  '&': "; combine conditions with 'and'",
  '|': "; combine conditions with 'or'",
  '"': "; string literals use single quotes, as in 'text'",
  '\n': '; only spaces and tabs may separate tokens',
  '\r': '; only spaces and tabs may separate tokens',
}

/** Reads the token that starts at or after `start` (skipping spaces and tabs). Never throws: problems become `error` tokens. */
export function readFilterToken(text: string, start: number): FilterToken {
  const index = matchAt(WHITESPACE, text, start)?.end ?? start
  if (index >= text.length) return { kind: 'end', index, end: index, text: '' }
  const ch = text[index]!
  if (ch === '(') return { kind: 'open', index, end: index + 1, text: ch }
  if (ch === ')') return { kind: 'close', index, end: index + 1, text: ch }
  if (ch === ',') return { kind: 'comma', index, end: index + 1, text: ch }
  if (ch === "'") return readString(text, index)
  if (ch === '@') return readReference(text, index)
  return readUnquotedLiteral(text, index) ?? readWord(text, index) ?? unexpectedCharacter(text, index)
}

function readString(text: string, index: number): FilterToken {
  let value = ''
  let from = index + 1
  for (;;) {
    const quote = text.indexOf("'", from)
    if (quote < 0) {
      return errorToken(
        text,
        index,
        text.length,
        "unterminated string: the quote opened here is never closed (write '' for a quote inside a string)",
      )
    }
    value += text.slice(from, quote)
    if (text[quote + 1] !== "'") return literalToken(text, index, quote + 1, Filter.literal(value, 'string'))
    value += "'"
    from = quote + 2
  }
}

function readReference(text: string, index: number): FilterToken {
  if (text.startsWith('@item.', index)) {
    const name = matchAt(IDENTIFIER, text, index + 6)
    if (!name)
      return errorToken(
        text,
        index,
        index + 6,
        "expected a field name after '@item.' (a letter or '_', then letters, digits or '_')",
      )
    return { kind: 'item', index, end: name.end, text: text.slice(index, name.end), name: name.text }
  }
  if (text.startsWith('@claims.', index)) {
    const name = matchAt(CLAIM_NAME, text, index + 8)
    if (!name) return errorToken(text, index, index + 8, "expected a claim name after '@claims.'")
    const tokenText = text.slice(index, name.end)
    if (name.text.endsWith('.'))
      return errorToken(text, index, name.end, `the claim name in '${tokenText}' must not end with '.'`)
    return { kind: 'claim', index, end: name.end, text: tokenText, name: name.text }
  }
  const word = matchAt(REFERENCE, text, index)!
  return errorToken(
    text,
    index,
    word.end,
    `unknown reference '${word.text}'; write '@item.<field>' for a field or '@claims.<name>' for a claim`,
  )
}

function readUnquotedLiteral(text: string, index: number): FilterToken | undefined {
  for (const { type, pattern } of UNQUOTED_LITERALS) {
    const match = matchAt(pattern, text, index)
    if (!match) continue
    const glued = matchAt(GLUED, text, match.end)
    if (glued) {
      if (type === 'guid') continue // `abcdef01-…x` is not a GUID: read it as a word, or as a malformed number
      const bad = text.slice(index, glued.end)
      return errorToken(
        text,
        index,
        glued.end,
        `malformed literal '${bad}'; expected a number (12.5), date (2001-01-31), datetime (2001-01-31T10:20:30Z), time (10:20:30) or GUID`,
      )
    }
    return literalToken(text, index, match.end, Filter.literal(match.text, type))
  }
  return undefined
}

function readWord(text: string, index: number): FilterToken | undefined {
  const word = matchAt(IDENTIFIER, text, index)
  return word ? { kind: 'word', index, end: word.end, text: word.text } : undefined
}

function unexpectedCharacter(text: string, index: number): FilterToken {
  const codePoint = text.codePointAt(index)!
  const ch = String.fromCodePoint(codePoint)
  const shown =
    codePoint < 0x20 || codePoint === 0x7f ? `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}` : `'${ch}'`
  let hint = CHARACTER_HINTS[ch] ?? ''
  if (ch === '-') hint = '; a minus sign must be followed directly by digits (-12)'
  if (ch === '.' && /[0-9]/.test(text[index + 1] ?? '')) hint = '; write a leading digit, as in 0.5'
  return errorToken(text, index, index + ch.length, `unexpected character ${shown}${hint}`)
}

function literalToken(text: string, index: number, end: number, literal: LiteralOperand): FilterToken {
  return { kind: 'literal', index, end, text: text.slice(index, end), literal }
}

function errorToken(text: string, index: number, end: number, message: string): FilterToken {
  return { kind: 'error', index, end, text: text.slice(index, end), message }
}

function matchAt(
  pattern: RegExp,
  text: string,
  index: number,
): { readonly text: string; readonly end: number } | undefined {
  pattern.lastIndex = index
  const match = pattern.exec(text)
  if (!match || match[0].length === 0) return undefined
  return { text: match[0], end: index + match[0].length }
}
