import type { EntityModel, FieldModel } from '../model/service-model.js'
import type { RelationshipModel } from '../model/relationship-model.js'
import type { CaseFold, ComparisonOperator, StringMatchMode } from '../filter/filter-node.js'

/**
 * A filter after binding: field names resolved to the model, literals coerced to column types, null comparisons
 * turned into IS NULL, literal-on-the-left comparisons flipped. Values are still inline; the plan stage moves them
 * into parameters. The optional folds say which sides are compared case-folded (`tolower()`/`toupper()`, GraphQL's
 * `caseInsensitive`); a folded side is always text.
 */
export type BoundFilter =
  | {
      readonly kind: 'compare'
      readonly field: FieldModel
      readonly op: ComparisonOperator
      readonly value: unknown
      readonly fieldFold?: CaseFold | undefined
      readonly valueFold?: CaseFold | undefined
    }
  | {
      readonly kind: 'compareFields'
      readonly left: FieldModel
      readonly op: ComparisonOperator
      readonly right: FieldModel
      readonly leftFold?: CaseFold | undefined
      readonly rightFold?: CaseFold | undefined
    }
  | { readonly kind: 'isNull'; readonly field: FieldModel; readonly negated: boolean }
  | {
      readonly kind: 'like'
      readonly field: FieldModel
      readonly mode: StringMatchMode
      readonly value: string
      readonly negated: boolean
      readonly fieldFold?: CaseFold | undefined
      readonly valueFold?: CaseFold | undefined
    }
  | {
      readonly kind: 'in'
      readonly field: FieldModel
      readonly values: readonly unknown[]
      readonly fieldFold?: CaseFold | undefined
      readonly valueFold?: CaseFold | undefined
    }
  | { readonly kind: 'and'; readonly items: readonly BoundFilter[] }
  | { readonly kind: 'or'; readonly items: readonly BoundFilter[] }
  | { readonly kind: 'not'; readonly item: BoundFilter }
  | { readonly kind: 'constant'; readonly value: boolean }
  | BoundRelatedFilter

/**
 * A related record of `target` exists that matches `filter` (bound to the target's fields) and the target's row
 * policy for the caller. `policy` is set by the authorize stage, which also checks the caller may read the target
 * and the fields `filter` names; `authorized` records that it did.
 */
export interface BoundRelatedFilter {
  readonly kind: 'related'
  readonly relationship: RelationshipModel
  readonly target: EntityModel
  readonly filter: BoundFilter
  readonly policy: BoundFilter | undefined
  readonly authorized: boolean
}
