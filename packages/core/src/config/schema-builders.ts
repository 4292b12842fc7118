import { parseBooleanLike, parseIntegerLike, parseWord } from './read-config-value.js'

/**
 * Building blocks of the config JSON Schema. Scalars that Data API builder reads loosely (booleans given as
 * `"true"`/`"1"`, integers given as digit strings, case-insensitive enum words) use the custom `loose` keyword,
 * checked by {@link matchesLooseScalar}; everything else is plain JSON Schema. No `$ref`s: every fragment is
 * inlined, so an error's `schemaPath` always leads back through the `anyOf` branches that contain it.
 */
export type Schema = Readonly<Record<string, unknown>>

export type LooseScalar =
  | { readonly kind: 'boolean' }
  | {
      readonly kind: 'integer'
      readonly minimum?: number
      readonly maximum?: number
      readonly nullable?: boolean
      /** `-1` is accepted besides the range (Data API builder's "use the engine default"). */
      readonly minusOne?: boolean
    }
  | { readonly kind: 'word'; readonly values: readonly string[]; readonly nullable?: boolean }

export const LOOSE_KEYWORD = 'loose'

export function matchesLooseScalar(spec: LooseScalar, value: unknown): boolean {
  if (value === null) return spec.kind !== 'boolean' && spec.nullable === true
  switch (spec.kind) {
    case 'boolean':
      return parseBooleanLike(value) !== undefined
    case 'word':
      return parseWord(value, spec.values) !== undefined
    case 'integer': {
      const n = parseIntegerLike(value)
      if (n === undefined) return false
      if (n === -1 && spec.minusOne === true) return true
      return (spec.minimum === undefined || n >= spec.minimum) && (spec.maximum === undefined || n <= spec.maximum)
    }
  }
}

/** `boolean`, `integer from 1 to 600 (or -1, or null)`, `one of a, b` — what a loose scalar allows. */
export function describeLooseScalar(spec: LooseScalar): string {
  if (spec.kind === 'boolean') return 'boolean'
  const extras: string[] = []
  if (spec.kind === 'integer' && spec.minusOne === true) extras.push('-1')
  if (spec.nullable === true) extras.push('null')
  const suffix = extras.length === 0 ? '' : ` (or ${extras.join(', or ')})`
  if (spec.kind === 'word') return `one of ${spec.values.join(', ')}${suffix}`
  const { minimum: min, maximum: max } = spec
  const range =
    min !== undefined && max !== undefined
      ? ` from ${min} to ${max}`
      : min !== undefined
        ? ` ≥ ${min}`
        : max !== undefined
          ? ` ≤ ${max}`
          : ''
  return `integer${range}${suffix}`
}

export const booleanSchema: Schema = { [LOOSE_KEYWORD]: { kind: 'boolean' } }
export const stringSchema: Schema = { type: 'string' }
export const nonEmptyStringSchema: Schema = { type: 'string', minLength: 1 }
export const stringArraySchema: Schema = { type: 'array', items: stringSchema }

export function integerSchema(options: Omit<Extract<LooseScalar, { kind: 'integer' }>, 'kind'> = {}): Schema {
  return { [LOOSE_KEYWORD]: { kind: 'integer', ...options } }
}

export function wordSchema(values: readonly string[], options: { nullable?: boolean } = {}): Schema {
  return { [LOOSE_KEYWORD]: { kind: 'word', values, ...options } }
}

/** A closed object (`additionalProperties: false`) unless `open`; `nullable` also accepts `null`. */
export function objectSchema(
  properties: Readonly<Record<string, Schema>>,
  options: { readonly required?: readonly string[]; readonly nullable?: boolean; readonly open?: boolean } = {},
): Schema {
  return {
    type: options.nullable === true ? ['object', 'null'] : 'object',
    properties,
    additionalProperties: options.open === true,
    ...(options.required === undefined ? {} : { required: options.required }),
  }
}

/** An object whose keys are free (entity names, namespaces …) and whose values all match `value`. */
export function mapSchema(value: Schema): Schema {
  return { type: 'object', additionalProperties: value }
}

export function anyOfSchema(...branches: Schema[]): Schema {
  return { anyOf: branches }
}
