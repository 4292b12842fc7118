import { injectable } from '../di/container.js'
import { SluiceError } from '../errors/sluice-error.js'
import type { FieldModel } from '../model/service-model.js'
import type { BoundFilter } from '../request/bound-filter.js'
import { createScopedRequest, type AuthorizedRequest, type ScopedRequest } from '../request/parsed-request.js'
import { scopeRelations } from '../request/authorize-relations.js'
import type { FieldFilterStage } from './stage.js'

const NO_FIELDS: readonly FieldModel[] = Object.freeze([])

/**
 * Field-level access (SPEC field rules 1–6): every field the request names — selection, filter, ordering, key, body
 * — must be permitted for the action, else 400 with the same message an unknown field gets (so forbidden fields
 * are not revealed). Without a selection, the output is every permitted field, silently leaving out the others.
 * A write's output is the record as the role may read it: its `read` fields, or nothing without `read`.
 */
@injectable()
export class DefaultFieldFilterStage implements FieldFilterStage {
  run(request: AuthorizedRequest): ScopedRequest {
    const allowed = request.permission.fields
    const { terms, write } = request
    if (write !== undefined) {
      const pairedAllowed = request.pairedPermission?.fields
      for (const { field } of write.values) {
        requirePermitted(allowed, field, terms.body)
        if (pairedAllowed !== undefined) requirePermitted(pairedAllowed, field, terms.body)
      }
      return createScopedRequest(request, request.readPermission?.fieldList ?? NO_FIELDS)
    }
    if (request.select !== undefined) for (const f of request.select) requirePermitted(allowed, f, terms.select)
    if (request.filter !== undefined) requireFilterPermitted(allowed, request.filter, terms.filter)
    for (const f of request.orderByFields) requirePermitted(allowed, f, terms.orderBy)
    if (request.key !== undefined) for (const k of request.key) requirePermitted(allowed, k.field, terms.key)
    const { aggregate } = request
    if (aggregate !== undefined) {
      // Data API builder: "Access forbidden to field … referenced in the groupBy argument / aggregation function".
      for (const f of aggregate.groupBy) requirePermitted(allowed, f, 'groupBy')
      for (const a of aggregate.aggregations) requirePermitted(allowed, a.field, `the aggregation function '${a.function}'`)
    }
    return createScopedRequest(request, request.select ?? request.permission.fieldList, scopeRelations(request.relations, terms))
  }
}

function requirePermitted(allowed: ReadonlySet<string>, field: FieldModel, place: string): void {
  if (!allowed.has(field.name)) throw new SluiceError('SLUICE_ERR_INVALID_FIELD', { field: field.name, place })
}

function requireFilterPermitted(allowed: ReadonlySet<string>, filter: BoundFilter, place: string): void {
  switch (filter.kind) {
    case 'compare': case 'isNull': case 'like': case 'in':
      return requirePermitted(allowed, filter.field, place)
    case 'compareFields':
      requirePermitted(allowed, filter.left, place)
      return requirePermitted(allowed, filter.right, place)
    case 'and': case 'or':
      for (const item of filter.items) requireFilterPermitted(allowed, item, place)
      return
    case 'not':
      return requireFilterPermitted(allowed, filter.item, place)
    case 'constant':
    case 'related':
      // The target's fields: checked against the target's read permission by the authorize stage.
      return
  }
}
