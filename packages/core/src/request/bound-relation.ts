import type { ActionPermission, EntityModel, FieldModel } from '../model/service-model.js'
import type { RelationshipModel } from '../model/relationship-model.js'
import type { BoundFilter } from './bound-filter.js'
import type { BoundOrderTerm } from './bound-order-term.js'

/** A `RelationSelection` bound to the model by the parse stage (see `OperationRequest.relations`). */
export interface BoundRelation {
  readonly relationship: RelationshipModel
  readonly target: EntityModel
  /** Response key. */
  readonly as: string
  readonly select: readonly FieldModel[] | undefined
  readonly filter: BoundFilter | undefined
  /** Fields the caller named in the nested ordering. */
  readonly orderByFields: readonly FieldModel[]
  /** The nested ordering: the caller's terms, then the target's remaining key fields (a total order for keyset paging). */
  readonly orderBy: readonly BoundOrderTerm[]
  /** Rows per parent for `many`; undefined for `one`. */
  readonly pageSize: number | undefined
  /** Ordering values from a validated nested cursor. */
  readonly after: readonly (string | null)[] | undefined
  /** Whether the nested page's `endCursor` is signed (`RelationSelection.endCursor`). */
  readonly endCursor: boolean
  /** Whether the connection object carries `hasNextPage` and `endCursor` (`RelationSelection.pageInfo`). */
  readonly pageInfo: boolean
  /** Whether a complete page may be the items array itself (`RelationSelection.arrayWhenComplete`). */
  readonly arrayWhenComplete: boolean
  /** `many`: also count each parent's matching related records (`RelationSelection.count`). */
  readonly count: boolean
  readonly relations: readonly BoundRelation[]
}

/**
 * A bound relation as the authorize stage grants it: the caller's `read` permission on the target and its row policy,
 * bound to the caller; the nested filter with its related-entity policies bound; the output fields (the selection, or
 * every field the permission allows), which the field-filter stage checks.
 */
export interface AuthorizedRelation {
  readonly bound: BoundRelation
  readonly permission: ActionPermission
  readonly policy: BoundFilter | undefined
  readonly filter: BoundFilter | undefined
  readonly fields: readonly FieldModel[]
  readonly relations: readonly AuthorizedRelation[]
}

export const NO_RELATIONS: readonly never[] = Object.freeze([])
