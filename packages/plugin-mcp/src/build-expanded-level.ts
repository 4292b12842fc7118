import type {
  EntityModel,
  ExpandedLevel,
  ExpandedRelation,
  MoreMembers,
  RelationSelection,
  ServiceModel,
} from '@sluice/core/protocol'

/**
 * How `read_records` writes expanded records, as REST does: `many` relationships as arrays, `<name>@count` when
 * counted. Where REST links to the rest of a list, MCP gives `<name>@after`, the cursor an agent passes back as
 * `$after` in that relationship's options (with a filter on the record's key).
 */
export function buildExpandedLevel(
  entity: EntityModel,
  selections: readonly RelationSelection[],
  model: ServiceModel,
): ExpandedLevel {
  const relations = new Map<string, ExpandedRelation>()
  for (const selection of selections) {
    const relationship = entity.relationships.get(selection.relationship)
    const target = relationship === undefined ? undefined : model.entities.get(relationship.target)
    // Unknown names never get here: core refuses them before any record is read.
    if (relationship === undefined || target === undefined) continue
    const many = relationship.cardinality === 'many'
    relations.set(selection.as, {
      name: selection.as,
      many,
      count: many && selection.count === true,
      level: buildExpandedLevel(target, selection.relations ?? [], model),
    })
  }
  return { relations, hidden: NOTHING_HIDDEN }
}

/** The selections, at every depth, with complete nested pages asked for as arrays (MCP writes lists as arrays). */
export function asArrays(selections: readonly RelationSelection[]): RelationSelection[] {
  return selections.map((s) => ({
    ...s,
    arrayWhenComplete: true,
    relations: s.relations === undefined ? undefined : asArrays(s.relations),
  }))
}

/** `"<name>@after":"<cursor>"` after a list with more records. */
export const afterMember: MoreMembers = (relation, _record, cursor) =>
  `${JSON.stringify(`${relation.name}@after`)}:${JSON.stringify(cursor)}`

const NOTHING_HIDDEN: ReadonlySet<string> = new Set()
