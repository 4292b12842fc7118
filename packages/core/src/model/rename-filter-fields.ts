import { Filter, type FilterNode, type FilterOperand } from '../filter/filter-node.js'

/** Rewrites field names in a filter (column names written in a policy → API names). */
export function renameFilterFields(node: FilterNode, names: ReadonlyMap<string, string>): FilterNode {
  const name = (n: string): string => names.get(n) ?? n
  const operand = (o: FilterOperand): FilterOperand => {
    if (o.kind === 'field') return Filter.field(name(o.name))
    return o.kind === 'caseFold' && o.operand.kind === 'field'
      ? Filter.caseFold(o.fold, Filter.field(name(o.operand.name)))
      : o
  }
  switch (node.kind) {
    case 'comparison':
      return Filter.comparison(node.op, operand(node.left), operand(node.right))
    case 'and':
      return Filter.and(node.items.map((n) => renameFilterFields(n, names)))
    case 'or':
      return Filter.or(node.items.map((n) => renameFilterFields(n, names)))
    case 'not':
      return Filter.not(renameFilterFields(node.item, names))
    case 'stringMatch':
      return Filter.stringMatch(node.mode, name(node.field), node.value, node.negated, node)
    case 'in':
      return Filter.in(name(node.field), node.values, node)
    case 'isNull':
      return Filter.isNull(name(node.field), node.isNull)
    case 'constant':
      return node
    case 'related':
      // The nested filter names the target's fields, which this map does not describe.
      return node
  }
}
