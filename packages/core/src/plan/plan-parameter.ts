import type { ScalarType } from '../model/scalar-type.js'

/**
 * A value bound into a statement, with the scalar type it is compared with or written to, so dialects whose
 * drivers need typed parameters (tedious) can declare them. Values are already coerced: strings for decimals,
 * big integers, dates and times; numbers; booleans; Uint8Array for bytes; null.
 */
export interface PlanParameter {
  readonly value: unknown
  readonly type: ScalarType
}
