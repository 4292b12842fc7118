import type { FieldModel } from '../model/service-model.js'

/** One term of a read's ordering, bound to the entity's field. */
export interface BoundOrderTerm {
  readonly field: FieldModel
  readonly direction: 'asc' | 'desc'
}
