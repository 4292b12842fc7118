import type { ParameterList } from './parameter-list.js'
import type { PredicateNode } from './predicate-node.js'
import type { OrderTerm } from './select-plan.js'
import type { ScalarType } from '../model/scalar-type.js'

/**
 * "Rows after the cursor row" for a complete ordering, with Sluice's NULL rule (NULL is the lowest value:
 * first ascending, last descending): OR over i of (terms before i equal AND term i strictly after).
 * Which branches exist depends on which cursor values are NULL — that is part of the plan's shape.
 */
export function buildKeysetPredicate(
  terms: readonly OrderTerm[],
  types: readonly ScalarType[],
  values: readonly (string | null)[],
  params: ParameterList,
): PredicateNode {
  const refs = values.map((v, i) => (v === null ? undefined : params.add(v, types[i]!)))
  const branches: PredicateNode[] = []
  for (let i = 0; i < terms.length; i++) {
    const after = strictlyAfter(terms[i]!, refs[i])
    if (after === undefined) continue
    const equal: PredicateNode[] = []
    for (let j = 0; j < i; j++) equal.push(equalTo(terms[j]!, refs[j]))
    branches.push(equal.length === 0 ? after : { kind: 'and', items: [...equal, after] })
  }
  if (branches.length === 0) return { kind: 'constant', value: false }
  return branches.length === 1 ? branches[0]! : { kind: 'or', items: branches }
}

function equalTo(term: OrderTerm, ref: ReturnType<ParameterList['add']> | undefined): PredicateNode {
  return ref === undefined
    ? { kind: 'isNull', operand: term.column, negated: false }
    : { kind: 'compare', left: term.column, op: 'eq', right: ref }
}

function strictlyAfter(term: OrderTerm, ref: ReturnType<ParameterList['add']> | undefined): PredicateNode | undefined {
  if (term.direction === 'asc') {
    // NULL first: after NULL comes every non-null; after v come larger values only.
    if (ref === undefined) return term.nullable ? { kind: 'isNull', operand: term.column, negated: true } : undefined
    return { kind: 'compare', left: term.column, op: 'gt', right: ref }
  }
  // Descending, NULL last: nothing comes after NULL; after v come smaller values, then NULLs.
  if (ref === undefined) return undefined
  const smaller: PredicateNode = { kind: 'compare', left: term.column, op: 'lt', right: ref }
  return term.nullable
    ? { kind: 'or', items: [smaller, { kind: 'isNull', operand: term.column, negated: false }] }
    : smaller
}
