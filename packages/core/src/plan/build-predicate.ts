import type { BoundFilter } from '../request/bound-filter.js'
import type { ParameterList } from './parameter-list.js'
import { columnOf, tableOf } from './plan-structure.js'
import { linkingTableOf, relationshipJoin } from './relationship-structure.js'
import type { CaseFold } from '../filter/filter-node.js'
import type { CaseFoldExpr, ColumnRef, ParamRef, PredicateNode } from './predicate-node.js'

/**
 * Moves a bound filter's values into parameters and returns the predicate tree that references them. A related-entity
 * filter becomes an EXISTS sub-query under a fresh alias of the plan (`params.newAlias()`, with `l` appended for its
 * linking object): unique at any depth, and deterministic, so equal shapes still give equal SQL.
 */
export function buildPredicate(filter: BoundFilter, table: string, params: ParameterList): PredicateNode {
  const build = (f: BoundFilter): PredicateNode => {
    switch (f.kind) {
      case 'compare':
        return {
          kind: 'compare',
          left: folded(f.fieldFold, columnOf(table, f.field)),
          op: f.op,
          right: folded(f.valueFold, params.add(f.value, f.field.type)),
        }
      case 'compareFields':
        return {
          kind: 'compare',
          left: folded(f.leftFold, columnOf(table, f.left)),
          op: f.op,
          right: folded(f.rightFold, columnOf(table, f.right)),
        }
      case 'isNull':
        return { kind: 'isNull', operand: columnOf(table, f.field), negated: f.negated }
      case 'like': {
        const pattern = folded(f.valueFold, params.add(likePattern(f.mode, f.value), 'string'))
        return { kind: 'like', operand: folded(f.fieldFold, columnOf(table, f.field)), pattern, negated: f.negated }
      }
      case 'in':
        return {
          kind: 'in',
          operand: folded(f.fieldFold, columnOf(table, f.field)),
          values: f.values.map((v) => folded(f.valueFold, params.add(v, f.field.type))),
        }
      case 'and':
      case 'or':
        return { kind: f.kind, items: f.items.map(build) }
      case 'not':
        return { kind: 'not', item: build(f.item) }
      case 'constant':
        return { kind: 'constant', value: f.value }
      case 'related': {
        const alias = params.newAlias()
        const link = f.relationship.linking === undefined ? undefined : `${alias}l`
        const target = tableOf(f.target, alias)
        const from = link === undefined ? [target] : [target, linkingTableOf(f.relationship, link)]
        const where = andAll([
          relationshipJoin(f.relationship, table, alias, link),
          buildPredicate(f.filter, alias, params),
          f.policy === undefined ? undefined : buildPredicate(f.policy, alias, params),
        ])
        return { kind: 'exists', from, where: where! }
      }
    }
  }
  return build(filter)
}

/** `operand`, folded to one case when `fold` is set. */
function folded<T extends ColumnRef | ParamRef>(fold: CaseFold | undefined, operand: T): T | CaseFoldExpr {
  return fold === undefined ? operand : { kind: 'caseFold', fold, operand }
}

/** A LIKE pattern matching `value` literally, with `\` as the escape character. */
export function likePattern(mode: 'contains' | 'startsWith' | 'endsWith', value: string): string {
  const escaped = value.replace(/[\\%_]/g, (c) => `\\${c}`)
  return mode === 'contains' ? `%${escaped}%` : mode === 'startsWith' ? `${escaped}%` : `%${escaped}`
}

/** Joins predicates with AND, dropping absent ones; `undefined` when nothing remains. */
export function andAll(items: readonly (PredicateNode | undefined)[]): PredicateNode | undefined {
  const present = items.filter((p): p is PredicateNode => p !== undefined)
  if (present.length === 0) return undefined
  return present.length === 1 ? present[0] : { kind: 'and', items: present }
}
