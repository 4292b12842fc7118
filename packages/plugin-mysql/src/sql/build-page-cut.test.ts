import { describe, expect, it } from 'vitest'
import { buildPageCut, type PageCutTerm } from './build-page-cut.js'

const term = (column: string, direction: 'asc' | 'desc', nullable: boolean): PageCutTerm => ({
  column,
  direction,
  nullable,
})

/** Renders each sub-query as `(#<n>)`, numbered in the order they are asked for. */
function numbered(terms: readonly PageCutTerm[]): string {
  let n = 0
  return buildPageCut(
    terms,
    (c) => `(#${++n} ${c})`,
    () => `(#${++n} 1)`,
  )
}

describe('buildPageCut', () => {
  it('without a nullable term, stands a missing row limit in for the row itself (no existence sub-query)', () => {
    expect(numbered([term('a', 'asc', false)])).toBe('(SELECT a <= IFNULL((#1 a), a) FROM (SELECT 1) AS `sluice:one`)')
    expect(numbered([term('a', 'desc', false), term('k', 'asc', false)])).toBe(
      '(SELECT (a > IFNULL((#1 a), a) OR a = IFNULL((#2 a), a) AND k <= IFNULL((#3 k), k)) FROM (SELECT 1) AS `sluice:one`)',
    )
  })

  it('with nullable terms, asks whether row limit exists through a non-nullable term, else through any row', () => {
    expect(numbered([term('a', 'asc', true), term('k', 'asc', false)])).toBe(
      '(SELECT (#1 k) IS NULL OR ' +
        '(a IS NULL AND (#2 a) IS NOT NULL OR a < (#3 a) OR a <=> (#4 a) AND k <= (#5 k)) FROM (SELECT 1) AS `sluice:one`)',
    )
    expect(numbered([term('a', 'desc', true)])).toBe(
      '(SELECT (#1 1) IS NULL OR ((#2 a) IS NULL OR a >= (#3 a)) FROM (SELECT 1) AS `sluice:one`)',
    )
  })

  it('asks for the sub-queries in the order they stand in the text, so positional placeholders bind in order', () => {
    const sql = numbered([term('a', 'desc', true), term('b', 'asc', true), term('k', 'desc', false)])
    const order = [...sql.matchAll(/#(\d+)/g)].map((m) => Number(m[1]))
    expect(order).toEqual(order.map((_, i) => i + 1))
  })
})
