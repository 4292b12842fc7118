import type {
  EntityModel,
  ExpandedLevel,
  ExpandedRelation,
  OperationRequest,
  RelationSelection,
  ServiceModel,
} from '@sluice/core/protocol'

/** An expanded relationship with what REST needs to link to the rest of its list. */
export interface RestExpandedRelation extends ExpandedRelation {
  /** The entity whose records hold the list (the link reads one of them by key). */
  readonly parent: EntityModel
  /** The relationship as the request selected it (its options are repeated in the link). */
  readonly selection: RelationSelection
}

/**
 * Prepares a read with `$expand` for REST's answer: the levels `reshapeExpandedArray` rewrites, and the request
 * itself with, at every level, expanded relationships named in `$select` taken out of it (OData allows them there),
 * and, where `$select` leaves out key fields the role may read while one of its `many` relationships could need a
 * `<name>@nextLink`, those key fields added (they name the record in the link) and marked hidden. A key field the
 * role may not read is never added: that level's lists then get no link.
 */
export function planExpandedRead(
  request: OperationRequest,
  entity: EntityModel,
  model: ServiceModel,
  role: string,
): { readonly request: OperationRequest; readonly level: ExpandedLevel } {
  const root = levelOf(entity, request.select, request.relations ?? [], model, role)
  return { request: { ...request, select: root.select, relations: root.relations }, level: root.level }
}

interface PlannedLevel {
  readonly select: readonly string[] | undefined
  readonly relations: readonly RelationSelection[]
  readonly level: ExpandedLevel
}

function levelOf(
  entity: EntityModel,
  select: readonly string[] | undefined,
  selections: readonly RelationSelection[],
  model: ServiceModel,
  role: string,
): PlannedLevel {
  const relations = new Map<string, RestExpandedRelation>()
  const planned = selections.map((selection) => {
    const relationship = entity.relationships.get(selection.relationship)
    const target = relationship === undefined ? undefined : model.entities.get(relationship.target)
    // An unknown relationship is core's 400 to give; it is passed on untouched.
    if (relationship === undefined || target === undefined) return selection
    const child = levelOf(target, selection.select, selection.relations ?? [], model, role)
    const many = relationship.cardinality === 'many'
    relations.set(selection.as, {
      name: selection.as,
      many,
      count: many && selection.count === true,
      level: child.level,
      parent: entity,
      selection,
    })
    // REST writes lists as arrays: a complete nested page can come from the database as one.
    return {
      ...selection,
      select: child.select,
      relations: child.relations.length === 0 ? selection.relations : child.relations,
      arrayWhenComplete: true,
    }
  })
  const needsKeys = [...relations.values()].some((r) => r.many)
  const hidden = new Set<string>()
  // OData lets `$select` name an expanded relationship (`$select=title,publisher&$expand=publisher`): it is the
  // expansion itself, not a field.
  let chosen = select === undefined ? undefined : select.filter((name) => !relations.has(name))
  if (needsKeys && chosen !== undefined) {
    const readable = entity.permissions.resolve(role, 'read')?.fields
    const selected = chosen
    const missing = entity.keyFields.filter((k) => !selected.includes(k.name) && readable?.has(k.name) === true)
    for (const k of missing) hidden.add(k.name)
    if (missing.length > 0) chosen = [...selected, ...missing.map((k) => k.name)]
  }
  return { select: chosen, relations: planned, level: { relations, hidden } }
}
