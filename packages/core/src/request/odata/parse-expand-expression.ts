import { SluiceError } from '../../errors/sluice-error.js'
import { parseFilterExpression } from '../../filter/filter-expression/parse-filter-expression.js'
import type { RelationSelection } from '../operation-request.js'
import { parseCountText } from './parse-count-text.js'
import { parseFirstText } from './parse-first-text.js'
import { parseOrderByText } from './parse-order-by-text.js'
import { parseSelectText } from './parse-select-text.js'

/** The options a relationship may carry in `$expand=name(…)`, as OData names them. */
export const EXPAND_OPTIONS = ['$select', '$filter', '$orderby', '$first', '$after', '$count', '$expand'] as const
type ExpandOption = (typeof EXPAND_OPTIONS)[number]

/** Limits of the `$expand` language: text length (as `$filter`'s) and nesting of `$expand` inside `$expand`. */
export const ExpandLimits = Object.freeze({ maxLength: 8192, maxDepth: 16 })

/**
 * Parses OData's `$expand` (REST `$expand`, MCP `expand`): `publisher,authors($select=name;$filter=…;$orderby=…;
 * $first=5;$after=…;$count=true;$expand=books)` — relationships separated by commas, each with options separated by
 * semicolons. Every relationship is written under its own name (`as` = `relationship`). Names are checked against
 * the model by core's parse stage, like every other name; this reads syntax only. Throws a 400 naming `place` and
 * the position on bad syntax, over-long text (8192 characters) or nesting deeper than 16 levels.
 */
export function parseExpandExpression(text: string, place = '$expand'): RelationSelection[] {
  if (text.length > ExpandLimits.maxLength) {
    throw new SluiceError('SLUICE_ERR_INVALID_EXPAND', {
      place,
      detail: `the expression has ${text.length} characters; at most ${ExpandLimits.maxLength} are allowed.`,
    })
  }
  const reader = new ExpandReader(text, place)
  const items = reader.list(1, '')
  reader.expectEnd()
  return items
}

class ExpandReader {
  #at = 0

  constructor(
    private readonly text: string,
    private readonly place: string,
  ) {}

  /** Relationships separated by commas, up to the end (top level) or a `;`/`)` closing the enclosing options. */
  list(depth: number, within: string): RelationSelection[] {
    const items: RelationSelection[] = []
    for (;;) {
      items.push(this.#item(depth, within))
      this.#skipSpaces()
      if (this.text[this.#at] !== ',') return items
      this.#at++
    }
  }

  expectEnd(): void {
    this.#skipSpaces()
    if (this.#at < this.text.length)
      this.#fail(
        this.text[this.#at] === ')'
          ? "this ')' has no matching '('"
          : `unexpected '${this.text[this.#at]}'; separate relationships with ','`,
      )
  }

  #item(depth: number, within: string): RelationSelection {
    this.#skipSpaces()
    const start = this.#at
    while (this.#at < this.text.length && !'(),;'.includes(this.text[this.#at]!)) this.#at++
    const name = this.text.slice(start, this.#at).trim()
    if (name === '') this.#fail(`expected a relationship name${within}`, start)
    if (name.includes('/'))
      this.#fail(
        `'${name}': paths are not supported; nest instead, e.g. ${name.split('/')[0]}($expand=${name.split('/').slice(1).join('/')})`,
        start,
      )
    if (name === '*') this.#fail("'*' is not supported; name the relationships to expand", start)
    if (/[\s'=$]/.test(name)) this.#fail(`'${name}' is not a relationship name`, start)
    if (this.text[this.#at] !== '(') return { relationship: name, as: name }
    return this.#options(name, depth)
  }

  /** `(…)` after a relationship name: options separated by `;`, each `$name=value`, each at most once. */
  #options(name: string, depth: number): RelationSelection {
    const open = this.#at
    this.#at++
    const seen = new Set<ExpandOption>()
    const selection: { -readonly [K in keyof RelationSelection]: RelationSelection[K] } = {
      relationship: name,
      as: name,
    }
    for (;;) {
      this.#skipSpaces()
      const start = this.#at
      while (this.#at < this.text.length && !'=;()'.includes(this.text[this.#at]!)) this.#at++
      const option = this.text.slice(start, this.#at).trim()
      if (option === '' && this.text[this.#at] === ')' && seen.size === 0)
        this.#fail(`'${name}()' has no options; leave out the parentheses`, start)
      if (!(EXPAND_OPTIONS as readonly string[]).includes(option)) {
        this.#fail(
          option === ''
            ? `expected an option in ${name}(…)`
            : `unknown option '${option}' in ${name}(…); the options are ${EXPAND_OPTIONS.join(', ')}`,
          start,
        )
      }
      const known = option as ExpandOption
      if (seen.has(known)) this.#fail(`${known} is given twice in ${name}(…)`, start)
      seen.add(known)
      if (this.text[this.#at] !== '=') this.#fail(`expected '=' after ${known} in ${name}(…)`)
      this.#at++
      this.#assign(selection, known, name, depth)
      this.#skipSpaces()
      const next = this.text[this.#at]
      if (next === ';') {
        this.#at++
        continue
      }
      if (next === ')') {
        this.#at++
        return selection
      }
      if (next === undefined) this.#fail(`the '(' of ${name}(…) is never closed`, open)
      this.#fail(`expected ';' or ')' after ${known} in ${name}(…), found '${next}'`)
    }
  }

  #assign(
    selection: { -readonly [K in keyof RelationSelection]: RelationSelection[K] },
    option: ExpandOption,
    name: string,
    depth: number,
  ): void {
    const where = `${option} of ${this.place}=${name}`
    if (option === '$expand') {
      if (depth >= ExpandLimits.maxDepth) {
        const detail = `$expand nests relationships more than ${ExpandLimits.maxDepth} levels deep (at position ${this.#at + 1}), the limit; nest fewer.`
        throw new SluiceError('SLUICE_ERR_INVALID_EXPAND', { place: this.place, detail })
      }
      selection.relations = this.list(depth + 1, ` in ${name}($expand=…)`)
      return
    }
    const start = this.#at
    const value = this.#value()
    if (value.trim() === '') this.#fail(`${option} in ${name}(…) needs a value`, start)
    switch (option) {
      case '$select':
        selection.select = parseSelectText(value, where)
        break
      case '$orderby':
        selection.orderBy = parseOrderByText(value, where)
        break
      case '$first':
        selection.first = parseFirstText(value, where)
        break
      case '$after':
        selection.after = value.trim()
        break
      case '$count':
        selection.count = parseCountText(value, where)
        break
      case '$filter': {
        const parsed = parseFilterExpression(value, { mode: 'filter' })
        if (!parsed.ok) throw new SluiceError('SLUICE_ERR_INVALID_FILTER', { place: where, detail: parsed.message })
        selection.filter = parsed.node
        break
      }
    }
  }

  /** An option's text: up to a `;` or `)` outside quotes and parentheses (a `$filter` holds both). */
  #value(): string {
    const start = this.#at
    let depth = 0
    let quoted = false
    for (; this.#at < this.text.length; this.#at++) {
      const c = this.text[this.#at]!
      if (c === "'") quoted = !quoted
      else if (quoted) continue
      else if (c === '(') depth++
      else if (c === ')') {
        if (depth === 0) break
        depth--
      } else if (c === ';' && depth === 0) break
    }
    if (quoted) this.#fail('a string is never closed', start)
    return this.text.slice(start, this.#at)
  }

  #skipSpaces(): void {
    while (this.text[this.#at] === ' ' || this.text[this.#at] === '\t') this.#at++
  }

  #fail(detail: string, at = this.#at): never {
    const shown = this.text.length > 80 ? `${this.text.slice(0, 77)}...` : this.text
    throw new SluiceError('SLUICE_ERR_INVALID_EXPAND', {
      place: this.place,
      detail: `syntax error at position ${at + 1} in '${shown}': ${detail}.`,
    })
  }
}
