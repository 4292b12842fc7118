import { printFilterExpression } from '../../filter/filter-expression/print-filter-expression.js'
import type { OrderByItem, RelationSelection } from '../operation-request.js'

/**
 * Writes relationship selections as `$expand` text that `parseExpandExpression` reads back to equal selections:
 * `authors($select=id,name;$filter=…;$orderby=name desc;$first=5;$after=…;$count=true;$expand=books)`. The
 * response key (`as`) is not part of the language: each relationship is written under its name. Used to build links
 * that continue an expanded list (REST's `<relationship>@nextLink`).
 */
export function printExpandExpression(selections: readonly RelationSelection[]): string {
  return selections.map(printSelection).join(',')
}

function printSelection(s: RelationSelection): string {
  const options: string[] = []
  if (s.select !== undefined) options.push(`$select=${s.select.join(',')}`)
  if (s.filter !== undefined) options.push(`$filter=${printFilterExpression(s.filter, { mode: 'filter' })}`)
  if (s.orderBy !== undefined && s.orderBy.length > 0)
    options.push(`$orderby=${s.orderBy.map(printOrderTerm).join(',')}`)
  if (s.first !== undefined) options.push(`$first=${s.first}`)
  if (s.after !== undefined) options.push(`$after=${s.after}`)
  if (s.count !== undefined) options.push(`$count=${s.count}`)
  if (s.relations !== undefined && s.relations.length > 0) options.push(`$expand=${printExpandExpression(s.relations)}`)
  return options.length === 0 ? s.relationship : `${s.relationship}(${options.join(';')})`
}

/** `name desc`; a name the `$orderby` reader would split (spaces, commas, quotes) is quoted as Data API builder does. */
function printOrderTerm(term: OrderByItem): string {
  const name = /^[^\s,'()]+$/.test(term.field) ? term.field : `'${term.field.replaceAll("'", "''")}'`
  return `${name} ${term.direction}`
}
