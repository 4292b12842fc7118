import { SluiceError } from '../errors/sluice-error.js'
import type { ActionPermission, EntityModel, FieldModel } from '../model/service-model.js'
import { bindPolicy } from './bind-policy.js'
import { forEachFilterField } from './filter-fields.js'
import type { BoundFilter } from './bound-filter.js'
import { NO_RELATIONS, type AuthorizedRelation, type BoundRelation } from './bound-relation.js'
import type { RequestContext } from './request-context.js'
import type { RequestTerms } from './request-terms.js'

/**
 * Authorizes nested relations for the caller: the effective role needs `read` on each target (else 403, as for a
 * top-level read), and the target's row policy is bound to the caller so nested rows obey it.
 */
export function authorizeRelations(
  relations: readonly BoundRelation[],
  context: RequestContext,
  terms: RequestTerms,
): readonly AuthorizedRelation[] {
  if (relations.length === 0) return NO_RELATIONS
  return relations.map((bound) => {
    const permission = readPermission(bound.target, context)
    return {
      bound,
      permission,
      policy: bindPolicy(permission, context.principal, bound.target),
      filter: bound.filter === undefined ? undefined : authorizeRelatedFilters(bound.filter, context, terms),
      fields: bound.select ?? permission.fieldList,
      relations: authorizeRelations(bound.relations, context, terms),
    }
  })
}

/**
 * Authorizes every related-entity filter in a tree: `read` on the target (else 403), every field the nested filter
 * names readable (else the unknown-field 400), and the target's row policy bound into the node, so a related row
 * the caller may not read never matches. Returns the tree itself when it has no related-entity filter.
 */
export function authorizeRelatedFilters(
  filter: BoundFilter,
  context: RequestContext,
  terms: RequestTerms,
): BoundFilter {
  if (!hasRelated(filter)) return filter
  const walk = (f: BoundFilter): BoundFilter => {
    switch (f.kind) {
      case 'and':
      case 'or':
        return { kind: f.kind, items: f.items.map(walk) }
      case 'not':
        return { kind: 'not', item: walk(f.item) }
      case 'related': {
        const permission = readPermission(f.target, context)
        requireFilterFields(permission.fields, f.filter, terms.filter)
        const policy = bindPolicy(permission, context.principal, f.target)
        return {
          kind: 'related',
          relationship: f.relationship,
          target: f.target,
          filter: walk(f.filter),
          policy,
          authorized: true,
        }
      }
      default:
        return f
    }
  }
  return walk(filter)
}

/** Field access on nested relations (SPEC field rules, per target): selection, filter and ordering. */
export function checkRelationFields(relations: readonly AuthorizedRelation[], terms: RequestTerms): void {
  for (const r of relations) {
    const allowed = r.permission.fields
    const { select, orderByFields } = r.bound
    if (select !== undefined) for (const f of select) requireField(allowed, f, terms.select)
    if (r.filter !== undefined) requireFilterFields(allowed, r.filter, terms.filter)
    for (const f of orderByFields) requireField(allowed, f, terms.orderBy)
    checkRelationFields(r.relations, terms)
  }
}

/**
 * The fields a filter names at its own level must be permitted; related-entity nodes are checked against their target's
 * read permission when relations are authorized.
 */
export function requireFilterFields(allowed: ReadonlySet<string>, filter: BoundFilter, place: string): void {
  forEachFilterField(filter, (field) => requireField(allowed, field, place))
}

/** A field the caller names must be among the permitted ones (else the unknown-field 400, which reveals nothing). */
export function requireField(allowed: ReadonlySet<string>, field: FieldModel, place: string): void {
  if (!allowed.has(field.name)) throw new SluiceError('SLUICE_ERR_INVALID_FIELD', { field: field.name, place })
}

function readPermission(target: EntityModel, context: RequestContext): ActionPermission {
  const permission = target.permissions.resolve(context.role, 'read')
  if (permission === undefined) throw new SluiceError('SLUICE_ERR_FORBIDDEN')
  return permission
}

function hasRelated(f: BoundFilter): boolean {
  switch (f.kind) {
    case 'related':
      return true
    case 'and':
    case 'or':
      return f.items.some(hasRelated)
    case 'not':
      return hasRelated(f.item)
    default:
      return false
  }
}
