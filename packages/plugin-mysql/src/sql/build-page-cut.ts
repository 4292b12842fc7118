/** One ordering term of a nested page, as SQL: the column of the row being aggregated, and its order. */
export interface PageCutTerm {
  readonly column: string
  readonly direction: 'asc' | 'desc'
  readonly nullable: boolean
}

/**
 * The condition "this related row is among the page's first `limit` rows" of a MariaDB nested page, so its record
 * (and every relationship under it) is built for those rows only: GROUP_CONCAT evaluates its argument for every row
 * it reads, LIMIT or not, and MariaDB has neither LATERAL nor outer references in derived tables to cut the rows
 * first. The row is at or before row `limit` in the page's total order (Sluice's NULL rule: NULL lowest), or there is
 * no row `limit`.
 *
 * `rowValue(column)` renders row `limit`'s value of a term's column (a scalar sub-query over the same rows:
 * `ORDER BY … LIMIT limit - 1, 1`); `anyRow()` renders a sub-query that is NULL when there is no row `limit`, needed
 * only when every term is nullable. Both are called in the order their text stands, so positional placeholders bind
 * in order. The condition is monotone (AND, OR, no NOT), so a comparison with NULL counts as false.
 *
 * The condition is the value of a sub-query over a one-row derived table: MariaDB caches a sub-query's value per
 * outer value (its subquery cache) in a select list or WHERE, never inside an aggregate's argument, so there the
 * sub-queries of row `limit` would run again for every related row; in this select list each runs once per parent.
 */
export function buildPageCut(
  terms: readonly PageCutTerm[],
  rowValue: (column: string) => string,
  anyRow: () => string,
): string {
  const wrap = (condition: string) => `(SELECT ${condition} FROM (SELECT 1) AS \`sluice:one\`)`
  // Without row `limit` every value is NULL. When no term is nullable, a missing value stands for the row's own: the
  // row is then equal to row `limit` on every term, so at or before it.
  if (terms.every((t) => !t.nullable)) return wrap(atOrBefore(terms, 0, (c) => `IFNULL(${rowValue(c)}, ${c})`))
  // Otherwise NULL may be row `limit`'s value: whether the row exists is asked, by a non-nullable term if any.
  const sure = terms.find((t) => !t.nullable)
  const noRow = `${sure === undefined ? anyRow() : rowValue(sure.column)} IS NULL`
  return wrap(`${noRow} OR ${atOrBefore(terms, 0, rowValue)}`)
}

/** Terms `i` onwards: strictly before row `limit` on term `i`, or equal to it there and at or before it on the rest. */
function atOrBefore(terms: readonly PageCutTerm[], i: number, rowValue: (column: string) => string): string {
  const { column: c, direction, nullable } = terms[i]!
  const last = i === terms.length - 1
  const lt = direction === 'asc' ? '<' : '>'
  if (!nullable) {
    if (last) return `${c} ${lt}= ${rowValue(c)}`
    return `(${c} ${lt} ${rowValue(c)} OR ${c} = ${rowValue(c)} AND ${atOrBefore(terms, i + 1, rowValue)})`
  }
  // NULL is lowest: first ascending, last descending.
  if (direction === 'asc') {
    if (last) return `(${c} IS NULL OR ${c} <= ${rowValue(c)})`
    return `(${c} IS NULL AND ${rowValue(c)} IS NOT NULL OR ${c} < ${rowValue(c)} OR ${c} <=> ${rowValue(c)} AND ${atOrBefore(terms, i + 1, rowValue)})`
  }
  if (last) return `(${rowValue(c)} IS NULL OR ${c} >= ${rowValue(c)})`
  return `(${c} > ${rowValue(c)} OR ${c} IS NOT NULL AND ${rowValue(c)} IS NULL OR ${c} <=> ${rowValue(c)} AND ${atOrBefore(terms, i + 1, rowValue)})`
}
