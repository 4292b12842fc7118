import type { SourceType } from '../config/runtime-config.js'
import type { QualifiedName } from '../model/database-metadata.js'
import type { ServiceModel } from '../model/service-model.js'
import type { PredicateNode } from '../plan/predicate-node.js'
import type { ExecutionPlan } from '../plan/query-plan.js'
import type { NestedSelect, SelectPlan, TableRef } from '../plan/select-plan.js'

/**
 * Cache tags: what a cached read depends on and what a write makes stale, per data source.
 * - one tag per database object (table) a read touches: its root, nested relations, linking tables, and the tables
 *   of filters on related entities (`EXISTS`);
 * - `+`, any write on the data source: reads of views and of query procedures depend on it, since which tables they
 *   read is unknown;
 * - `*`, anything on the data source: every read depends on it; a write whose effects are unknown (through a view, a
 *   stored procedure, a multiple create) bumps it.
 */
export type ObjectKinds = ReadonlyMap<string, SourceType>

export function objectTag(dataSource: string, name: QualifiedName): string {
  return `${dataSource}\u0000${name.schema ?? ''}\u0000${name.name}`
}

export function everythingTag(dataSource: string): string {
  return `${dataSource}\u0000*`
}

export function anyWriteTag(dataSource: string): string {
  return `${dataSource}\u0000+`
}

/** The kind of every entity's database object, by object tag (objects not listed, such as linking tables, are tables). */
export function buildObjectKinds(model: ServiceModel): ObjectKinds {
  const kinds = new Map<string, SourceType>()
  for (const entity of model.entities.values()) {
    const tag = objectTag(entity.dataSource, entity.source)
    // Two entities on one object agree on its kind; a view wins should config disagree (it widens what is evicted).
    if (kinds.get(tag) !== 'view') kinds.set(tag, entity.kind)
  }
  return kinds
}

/** The tags a cached read of `plan` depends on, `*` first. */
export function collectReadTags(plan: SelectPlan | ExecutionPlan, dataSource: string, kinds: ObjectKinds): string[] {
  const tags = new Set<string>([everythingTag(dataSource)])
  if (plan.kind !== 'select') {
    tags.add(anyWriteTag(dataSource))
    return [...tags]
  }
  const addTable = (table: TableRef): void => {
    const tag = objectTag(dataSource, table.name)
    tags.add(kinds.get(tag) === 'view' ? anyWriteTag(dataSource) : tag)
  }
  const addPredicate = (node: PredicateNode | undefined): void => {
    if (node === undefined) return
    switch (node.kind) {
      case 'exists':
        node.from.forEach(addTable)
        addPredicate(node.where)
        return
      case 'and':
      case 'or':
        node.items.forEach(addPredicate)
        return
      case 'not':
        addPredicate(node.item)
        return
      default:
        return
    }
  }
  const addNested = (nested: NestedSelect): void => {
    addTable(nested.table)
    if (nested.linking !== undefined) addTable(nested.linking)
    addPredicate(nested.join)
    addPredicate(nested.where)
    nested.relations.forEach(addNested)
  }
  addTable(plan.table)
  addPredicate(plan.where)
  plan.relations?.forEach(addNested)
  return [...tags]
}

/**
 * The tags a write makes stale: its table and `+`; everything (`*`) when it writes through a view (its base tables
 * are unknown) or runs a stored procedure.
 */
export function collectWriteTags(plan: ExecutionPlan, dataSource: string, kinds: ObjectKinds): string[] {
  const table =
    plan.kind === 'updateOrInsert'
      ? plan.update.table
      : plan.kind === 'execute' || plan.kind === 'select'
        ? undefined
        : plan.table
  if (table === undefined) return [everythingTag(dataSource)]
  const tag = objectTag(dataSource, table.name)
  return kinds.get(tag) === 'view' ? [everythingTag(dataSource)] : [tag, anyWriteTag(dataSource)]
}
