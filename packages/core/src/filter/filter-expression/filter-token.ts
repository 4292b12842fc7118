import type { LiteralOperand } from '../filter-node.js'
import { FilterGrammar } from './filter-grammar.js'

interface FilterTokenBase {
  /** 0-based UTF-16 index of the token's first character. */
  readonly index: number
  /** 0-based UTF-16 index just past the token. */
  readonly end: number
  /** The token's source text. */
  readonly text: string
}

/**
 * One lexical token of a filter expression. Words cover identifiers and keywords alike (the parser tells them apart
 * by position); an `error` token carries the lexical problem found at its position and ends the token stream.
 */
export type FilterToken =
  | (FilterTokenBase & { readonly kind: 'word' })
  | (FilterTokenBase & { readonly kind: 'literal'; readonly literal: LiteralOperand })
  | (FilterTokenBase & { readonly kind: 'item' | 'claim'; readonly name: string })
  | (FilterTokenBase & { readonly kind: 'open' | 'close' | 'comma' | 'end' })
  | (FilterTokenBase & { readonly kind: 'error'; readonly message: string })

const MAX_DESCRIBED_LENGTH = 40

/** Names a token for an error message: `'abc'` (a string literal as written, long text cut), or `the end of the expression`. */
export function describeFilterToken(token: FilterToken): string {
  if (token.kind === 'end') return 'the end of the expression'
  const text =
    token.text.length > MAX_DESCRIBED_LENGTH ? `${token.text.slice(0, MAX_DESCRIBED_LENGTH - 1)}…` : token.text
  return token.kind === 'literal' && text.startsWith("'") ? text : `'${text}'`
}

/** Type guard for a word token spelling exactly `word`. */
export function isWordToken(token: FilterToken, word: string): token is Extract<FilterToken, { kind: 'word' }> {
  return token.kind === 'word' && token.text === word
}

/** `; keywords are lower-case: write 'eq' instead of 'EQ'` when the token is a keyword in the wrong case, else ''. */
export function describeKeywordCaseHint(token: FilterToken): string {
  if (token.kind !== 'word') return ''
  const lower = token.text.toLowerCase()
  if (lower === token.text || !FilterGrammar.reservedWords.has(lower)) return ''
  return `; keywords are lower-case: write '${lower}' instead of '${token.text}'`
}
