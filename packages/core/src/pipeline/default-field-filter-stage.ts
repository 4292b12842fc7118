import { injectable } from '../di/container.js'
import { SluiceError } from '../errors/sluice-error.js'
import type { FieldModel } from '../model/service-model.js'
import type { BoundFilter } from '../request/bound-filter.js'
import type { AuthorizedRequest, ScopedRequest } from '../request/parsed-request.js'
import type { FieldFilterStage } from './stage.js'

/**
 * Field-level access (SPEC field rules 1–6): every field the request names — selection, filter, ordering, key —
 * must be permitted for the action, else 400 with the same message an unknown field gets (so forbidden fields
 * are not revealed). Without a selection, the output is every permitted field, silently leaving out the others.
 */
@injectable()
export class DefaultFieldFilterStage implements FieldFilterStage {
  run(request: AuthorizedRequest): ScopedRequest {
    const allowed = request.permission.fields
    const { terms } = request
    const check = (field: FieldModel, place: string): void => {
      if (!allowed.has(field.name)) throw new SluiceError('SLUICE_ERR_INVALID_FIELD', { field: field.name, place })
    }
    if (request.select !== undefined) for (const f of request.select) check(f, terms.select)
    if (request.filter !== undefined) forEachField(request.filter, (f) => check(f, terms.filter))
    for (const f of request.orderByFields) check(f, terms.orderBy)
    if (request.key !== undefined) for (const k of request.key) check(k.field, terms.key)
    const fields = request.select ?? request.entity.fields.filter((f) => allowed.has(f.name))
    return { ...request, fields }
  }
}

function forEachField(filter: BoundFilter, visit: (field: FieldModel) => void): void {
  switch (filter.kind) {
    case 'compare': case 'isNull': case 'like': case 'in':
      visit(filter.field)
      return
    case 'compareFields':
      visit(filter.left)
      visit(filter.right)
      return
    case 'and': case 'or':
      for (const item of filter.items) forEachField(item, visit)
      return
    case 'not':
      forEachField(filter.item, visit)
      return
    case 'constant':
      return
  }
}
