/**
 * Every scenario's stable key, `<group>.<behaviour>`. Keys are part of the suite's public contract: engines list
 * them in `knownGaps`, so a key is never renamed or reused for a different behaviour.
 */
export const SCENARIO_KEYS = Object.freeze([
  'filter.oracle-multiset',
  'filter.case-insensitive-oracle',
  'filter.in-list-oracle',
  'count.oracle',
  'paging.cursor-walk',
  'paging.first-minus-one',
  'paging.default-page-size',
  'paging.tampered-after',
  'paging.keyless-view-walk',
  'select.random-subset',
  'select.unknown-field',
  'junk.query-values',
  'junk.query-structure',
  'write.model-based',
  'write.junk-bodies',
  'write.exact-integers',
  'write.concurrent-upserts',
  'auth.field-and-row-access',
  'procedures.rows-oracle',
  'procedures.call-count',
  'procedures.parameter-errors',
  'relationships.nested-oracle',
  'relationships.related-filter-oracle',
  'relationships.linking-oracle',
  'relationships.rest-expand-oracle',
  'graphql.filter-oracle',
  'graphql.rest-equivalent-reads',
  'graphql.field-and-row-access',
  'autoentities.pattern-oracle',
  'autoentities.never-generated',
] as const)

export type ScenarioKey = (typeof SCENARIO_KEYS)[number]
