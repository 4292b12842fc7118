import { injectable } from '../di/container.js'
import type { AuthorizedRequest } from '../request/authorized-request.js'
import { checkRelationFields, requireField, requireFilterFields } from '../request/authorize-relations.js'
import { SluiceError } from '../errors/sluice-error.js'
import type { FieldModel } from '../model/service-model.js'
import type { BoundFilter } from '../request/bound-filter.js'
import { forEachFilterField } from '../request/filter-fields.js'
import type { WriteRequest } from '../request/parsed-request.js'
import type { FieldFilterStage } from './stage.js'

/**
 * Field-level access (SPEC field rules 1–6): every field the request names — selection, filter, ordering, key, body
 * — must be permitted for the action, else 400 with the same message an unknown field gets (so forbidden fields
 * are not revealed). The output fields were fixed by the grant (the selection, or every permitted field; for a
 * write, the role's `read` fields); this stage checks every reference and hands the request on unchanged.
 */
@injectable()
export class DefaultFieldFilterStage implements FieldFilterStage {
  run(request: AuthorizedRequest): AuthorizedRequest {
    const { parsed, grant } = request
    const allowed = grant.permission.fields
    const { terms } = parsed
    switch (parsed.kind) {
      case 'execute':
        return request
      case 'write': {
        const pairedAllowed = grant.pairedPermission?.fields
        for (const { field } of parsed.write.values) {
          requireField(allowed, field, terms.body)
          if (pairedAllowed !== undefined) requireField(pairedAllowed, field, terms.body)
        }
        if (grant.createPolicy !== undefined) requirePolicyFields(parsed, grant.createPolicy)
        return request
      }
      case 'read-key':
        if (parsed.select !== undefined) for (const f of parsed.select) requireField(allowed, f, terms.select)
        for (const k of parsed.key) requireField(allowed, k.field, terms.key)
        break
      case 'list':
      case 'aggregate':
        if (parsed.select !== undefined) for (const f of parsed.select) requireField(allowed, f, terms.select)
        if (request.filter !== undefined) requireFilterFields(allowed, request.filter, terms.filter)
        for (const f of parsed.orderByFields) requireField(allowed, f, terms.orderBy)
        if (parsed.kind === 'aggregate') {
          // Data API builder: "Access forbidden to field … referenced in the groupBy argument / aggregation function".
          const { aggregate } = parsed
          for (const f of aggregate.groupBy) requireField(allowed, f, 'groupBy')
          for (const a of aggregate.aggregations)
            requireField(allowed, a.field, `the aggregation function '${a.function}'`)
        }
    }
    checkRelationFields(request.relations, terms)
    return request
  }
}

/**
 * A write that may insert must give every field its `create` policy names — in the body, or for PUT and PATCH in the
 * URL's key — else 403 before any SQL, as Data API builder refuses it (whether the row then exists or not): a field
 * left to its default would otherwise decide the policy, and an upsert onto an existing row would skip it.
 */
function requirePolicyFields(parsed: WriteRequest, policy: BoundFilter): void {
  const given = new Set<FieldModel>()
  for (const { field } of parsed.write.values) given.add(field)
  for (const { field } of parsed.key ?? []) given.add(field)
  forEachFilterField(policy, (field) => {
    if (given.has(field)) return
    const place = parsed.operation === 'create' ? 'request body' : 'request'
    throw new SluiceError('SLUICE_ERR_POLICY_FIELD_MISSING', { place })
  })
}
