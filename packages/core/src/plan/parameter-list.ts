import type { FieldModel } from '../model/service-model.js'
import type { ScalarType } from '../model/scalar-type.js'
import type { PlanParameter } from './plan-parameter.js'
import type { ParamRef } from './predicate-node.js'

/**
 * The state of one plan while its tree is built: its parameters (each `add` returns the reference the tree keeps)
 * and its table aliases.
 */
export class ParameterList {
  readonly #items: PlanParameter[] = []
  #aliases = 0

  /**
   * A table alias no other table of the plan has: `t1`, `t2` … in the order the tree is built, so equal shapes get
   * equal aliases, and short at any nesting depth (engines cut identifiers at 63 or 64 bytes).
   */
  newAlias(): string {
    return `t${++this.#aliases}`
  }

  add(value: unknown, type: ScalarType): ParamRef {
    this.#items.push({ value, type })
    return { kind: 'param', index: this.#items.length - 1 }
  }

  toArray(): readonly PlanParameter[] {
    return this.#items
  }
}

/**
 * The values of `first`, then of `second`, as plan parameters typed by their fields: what `ParameterList.add` makes of
 * them, for a plan kept per shape whose only parameters are the request's key and body values.
 */
export function valueParameters(
  first: readonly { readonly field: FieldModel; readonly value: unknown }[] | undefined,
  second?: readonly { readonly field: FieldModel; readonly value: unknown }[],
): PlanParameter[] {
  const parameters: PlanParameter[] = []
  if (first !== undefined)
    for (let i = 0; i < first.length; i++) parameters.push({ value: first[i]!.value, type: first[i]!.field.type })
  if (second !== undefined)
    for (let i = 0; i < second.length; i++) parameters.push({ value: second[i]!.value, type: second[i]!.field.type })
  return parameters
}
