import type { ScalarType } from '../model/scalar-type.js'
import type { PlanParameter } from './plan-parameter.js'
import type { ParamRef } from './predicate-node.js'

/** Collects a plan's parameters while its tree is built; each `add` returns the reference the tree keeps. */
export class ParameterList {
  readonly #items: PlanParameter[] = []

  add(value: unknown, type: ScalarType): ParamRef {
    this.#items.push({ value, type })
    return { kind: 'param', index: this.#items.length - 1 }
  }

  toArray(): readonly PlanParameter[] {
    return this.#items
  }
}
