import { injectable } from '../di/container.js'
import type { FieldModel } from '../model/service-model.js'
import { createScopedRequest, type AuthorizedRequest, type ScopedRequest } from '../request/parsed-request.js'
import { requireField, requireFilterFields, scopeRelations } from '../request/authorize-relations.js'
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
        requireField(allowed, field, terms.body)
        if (pairedAllowed !== undefined) requireField(pairedAllowed, field, terms.body)
      }
      return createScopedRequest(request, request.readPermission?.fieldList ?? NO_FIELDS)
    }
    if (request.select !== undefined) for (const f of request.select) requireField(allowed, f, terms.select)
    if (request.filter !== undefined) requireFilterFields(allowed, request.filter, terms.filter)
    for (const f of request.orderByFields) requireField(allowed, f, terms.orderBy)
    if (request.key !== undefined) for (const k of request.key) requireField(allowed, k.field, terms.key)
    const { aggregate } = request
    if (aggregate !== undefined) {
      // Data API builder: "Access forbidden to field … referenced in the groupBy argument / aggregation function".
      for (const f of aggregate.groupBy) requireField(allowed, f, 'groupBy')
      for (const a of aggregate.aggregations) requireField(allowed, a.field, `the aggregation function '${a.function}'`)
    }
    return createScopedRequest(
      request,
      request.select ?? request.permission.fieldList,
      scopeRelations(request.relations, terms),
    )
  }
}
