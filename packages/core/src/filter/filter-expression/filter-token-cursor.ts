import { FilterGrammar, type FilterExpressionMode } from './filter-grammar.js'
import type { FilterToken } from './filter-token.js'
import { formatFilterSyntaxError, type FilterSyntaxError } from './format-filter-syntax-error.js'
import { readFilterToken } from './read-filter-token.js'

/**
 * The parser's view of one expression: tokens read on demand (so the first problem in reading order is the one
 * reported), the current nesting depth, and the first failure. Parse functions report a failure with `fail` and
 * return `undefined`; nothing here throws.
 */
export class FilterTokenCursor {
  private readonly tokens: FilterToken[] = []
  private consumed = 0
  private depth = 0
  private firstFailure: FilterSyntaxError | undefined

  constructor(
    readonly text: string,
    readonly mode: FilterExpressionMode,
  ) {}

  get failure(): FilterSyntaxError | undefined {
    return this.firstFailure
  }

  /** The token `offset` places ahead of the current one; `end` and `error` tokens repeat forever. */
  peek(offset = 0): FilterToken {
    while (this.tokens.length <= this.consumed + offset) {
      const last = this.tokens.at(-1)
      if (last && (last.kind === 'end' || last.kind === 'error')) return last
      this.tokens.push(readFilterToken(this.text, last ? last.end : 0))
    }
    return this.tokens[this.consumed + offset]!
  }

  /** Returns the current token and moves past it (never past `end` or `error`). */
  next(): FilterToken {
    const token = this.peek()
    if (token.kind !== 'end' && token.kind !== 'error') this.consumed++
    return token
  }

  /** Records a failure at `token` (a lexical error token reports its own message instead) and returns `undefined`. */
  fail(token: FilterToken, detail: string): undefined {
    return this.failAt(token.index, token.kind === 'error' ? token.message : detail)
  }

  /** Records a failure at a 0-based source index, unless an earlier one was already recorded. */
  failAt(index: number, detail: string): undefined {
    this.firstFailure ??= formatFilterSyntaxError(this.text, index, detail)
    return undefined
  }

  /** Enters one nesting level (a `(` group or a `not`) at `token`; false, with a failure recorded, when too deep. */
  enter(token: FilterToken): boolean {
    if (this.depth >= FilterGrammar.maxDepth) {
      this.fail(
        token,
        `the expression is nested too deeply (more than ${FilterGrammar.maxDepth} levels of parentheses and 'not')`,
      )
      return false
    }
    this.depth++
    return true
  }

  leave(): void {
    this.depth--
  }
}
