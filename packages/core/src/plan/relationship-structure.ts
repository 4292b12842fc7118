import type { RelationshipModel } from '../model/relationship-model.js'
import type { ColumnRef, PredicateNode } from './predicate-node.js'
import type { TableRef } from './select-plan.js'

/**
 * The structural parts a relationship adds to plans — its linking table and its join condition for a pair of
 * aliases — built once per relationship and alias, like plan-structure.ts does for tables and columns, so shape
 * keys stay small and stable and SQL caching keeps working for nested reads and related-entity filters.
 */
const linkingTables = new WeakMap<RelationshipModel, Map<string, TableRef>>()
const joins = new WeakMap<RelationshipModel, Map<string, PredicateNode>>()

/** The linking object of a many-to-many relationship under `alias`. */
export function linkingTableOf(relationship: RelationshipModel, alias: string): TableRef {
  const linking = relationship.linking
  if (linking === undefined) throw new Error(`relationship '${relationship.name}' has no linking object`)
  return cached(linkingTables, relationship, alias, () => Object.freeze({ name: linking.object, alias }))
}

/**
 * The condition joining a source row (alias `source`) to its related target rows (alias `target`), through the
 * linking object under `link` when the relationship has one.
 */
export function relationshipJoin(
  relationship: RelationshipModel,
  source: string,
  target: string,
  link: string | undefined,
): PredicateNode {
  return cached(joins, relationship, `${source}\u0000${target}\u0000${link ?? ''}`, () => {
    const linking = relationship.linking
    const items: PredicateNode[] = []
    if (linking === undefined) {
      relationship.sourceColumns.forEach((column, i) =>
        items.push(equal(ref(source, column), ref(target, relationship.targetColumns[i]!))),
      )
    } else {
      if (link === undefined) throw new Error(`relationship '${relationship.name}' needs a linking alias`)
      relationship.sourceColumns.forEach((column, i) =>
        items.push(equal(ref(link, linking.sourceColumns[i]!), ref(source, column))),
      )
      relationship.targetColumns.forEach((column, i) =>
        items.push(equal(ref(link, linking.targetColumns[i]!), ref(target, column))),
      )
    }
    return Object.freeze(items.length === 1 ? items[0]! : { kind: 'and', items: Object.freeze(items) })
  })
}

function ref(table: string, column: string): ColumnRef {
  return Object.freeze({ kind: 'column', table, column })
}

function equal(left: ColumnRef, right: ColumnRef): PredicateNode {
  return Object.freeze({ kind: 'compare', left, op: 'eq', right })
}

function cached<V>(
  map: WeakMap<RelationshipModel, Map<string, V>>,
  key: RelationshipModel,
  alias: string,
  make: () => V,
): V {
  let byAlias = map.get(key)
  if (byAlias === undefined) {
    byAlias = new Map()
    map.set(key, byAlias)
  }
  let value = byAlias.get(alias)
  if (value === undefined) {
    value = make()
    byAlias.set(alias, value)
  }
  return value
}
