import type { ErrorObject } from 'ajv'
import { didYouMean } from '../util/did-you-mean.js'
import type { ConfigProblem } from './config-report.js'
import { describeJsonType, formatConfigValue, type ConfigPath } from './format-config-path.js'
import { isJsonObject } from './read-config-value.js'
import { describeLooseScalar, LOOSE_KEYWORD, type LooseScalar, type Schema } from './schema-builders.js'

/**
 * Turns ajv's raw errors (compiled with `allErrors` and `verbose`) into one readable problem per mistake. For an
 * `anyOf` only the branch matching the value's JSON type is reported; when no branch matches, one line
 * "expected X or Y" replaces all of ajv's branch noise.
 */
export function formatSchemaErrors(errors: readonly ErrorObject[], data: unknown): ConfigProblem[] {
  const alive = new Set(errors)
  const unmatched = new Set<ErrorObject>()
  const anyOfs = errors.filter((e) => e.keyword === 'anyOf').sort((a, b) => a.schemaPath.length - b.schemaPath.length)
  for (const anyOf of anyOfs) {
    if (!alive.has(anyOf)) continue
    const chosen = chooseBranch(anyOf.schema as Schema[], anyOf.data)
    const prefix = `${anyOf.schemaPath}/`
    for (const e of alive) {
      const inBranch = e.schemaPath.startsWith(prefix) && liesWithin(e.instancePath, anyOf.instancePath)
      if (inBranch && (chosen === undefined || !e.schemaPath.startsWith(`${prefix}${chosen}/`))) alive.delete(e)
    }
    if (chosen === undefined) unmatched.add(anyOf)
    else alive.delete(anyOf)
  }
  const problems: ConfigProblem[] = []
  const seen = new Set<string>()
  for (const e of errors) {
    if (!alive.has(e)) continue
    const problem = describeError(e, data, unmatched.has(e))
    const key = `${problem.path.join('\u0000')}\u0001${problem.message}`
    if (!seen.has(key)) {
      seen.add(key)
      problems.push(problem)
    }
  }
  return problems
}

function describeError(e: ErrorObject, data: unknown, unmatchedAnyOf: boolean): ConfigProblem {
  const path = pointerToPath(e.instancePath, data)
  const value: unknown = e.data
  const got = `got ${describeJsonType(value)} ${formatConfigValue(value)}`
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = String((e.params as { additionalProperty: string }).additionalProperty)
      const allowed = Object.keys((e.parentSchema?.['properties'] ?? {}) as Record<string, unknown>)
      return {
        path: [...path, key],
        message: `unknown key '${key}' (allowed: ${allowed.join(', ')}).${didYouMean(key, allowed)}`,
      }
    }
    case 'required':
      return {
        path,
        message: `missing required key '${String((e.params as { missingProperty: string }).missingProperty)}'`,
      }
    case 'type':
      return { path, message: `expected ${[e.schema as string | string[]].flat().join(' or ')}, ${got}` }
    case 'enum':
      return {
        path,
        message: `${quote(value)} is not allowed (allowed: ${(e.schema as unknown[]).map(String).join(', ')})`,
      }
    case 'minLength':
      return { path, message: `expected a non-empty string, ${got}` }
    case 'minItems':
      return { path, message: `expected at least ${String((e.params as { limit: number }).limit)} item(s), ${got}` }
    case LOOSE_KEYWORD:
      return { path, message: describeLooseError(e.schema as LooseScalar, value, got) }
    case 'anyOf':
      if (unmatchedAnyOf)
        return { path, message: `expected ${(e.schema as Schema[]).map(describeBranch).join(' or ')}, ${got}` }
      return { path, message: `${formatConfigValue(value)} ${e.message ?? 'is not valid'}` }
    default:
      return { path, message: `${formatConfigValue(value)} ${e.message ?? 'is not valid'}` }
  }
}

function describeLooseError(spec: LooseScalar, value: unknown, got: string): string {
  if (spec.kind === 'word' && typeof value === 'string') {
    return `${quote(value)} is not allowed (allowed: ${spec.values.join(', ')})`
  }
  return `expected ${describeLooseScalar(spec)}, ${got}`
}

/**
 * Index of the first branch whose JSON type is the value's, if any. A branch that would only accept the value in
 * a loose form (a string for a boolean) does not count: `"rest": "x"` reads "expected boolean or object".
 */
function chooseBranch(branches: readonly Schema[], value: unknown): number | undefined {
  const index = branches.findIndex((branch) => fitsBranchType(branch, value))
  return index === -1 ? undefined : index
}

function fitsBranchType(branch: Schema, value: unknown): boolean {
  const type = jsonSchemaType(value)
  const loose = branch[LOOSE_KEYWORD] as LooseScalar | undefined
  if (loose !== undefined) {
    if (value === null) return loose.kind !== 'boolean' && loose.nullable === true
    if (loose.kind === 'boolean') return type === 'boolean'
    if (loose.kind === 'integer') return type === 'integer' || type === 'number'
    return type === 'string'
  }
  if (branch['type'] !== undefined) {
    const types = [branch['type'] as string | string[]].flat()
    return (
      types.includes(type) ||
      (type === 'integer' && types.includes('number')) ||
      (type === 'number' && types.includes('integer'))
    )
  }
  return Array.isArray(branch['enum']) && branch['enum'].some((v) => jsonSchemaType(v) === type)
}

function describeBranch(branch: Schema): string {
  const loose = branch[LOOSE_KEYWORD] as LooseScalar | undefined
  if (loose !== undefined) return describeLooseScalar(loose)
  if (Array.isArray(branch['enum'])) return branch['enum'].map((v) => JSON.stringify(v)).join(' or ')
  return [branch['type'] as string | string[]].flat().join(' or ')
}

function jsonSchemaType(value: unknown): string {
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return describeJsonType(value)
}

function quote(value: unknown): string {
  return typeof value === 'string' ? `'${formatConfigValue(value).slice(1, -1)}'` : formatConfigValue(value)
}

function liesWithin(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || pointer.startsWith(`${ancestor}/`)
}

/** JSON pointer → path segments; an index is a number only where the data holds an array. */
function pointerToPath(pointer: string, data: unknown): ConfigPath {
  if (pointer === '') return []
  const path: (string | number)[] = []
  let node: unknown = data
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (Array.isArray(node)) {
      const index = Number(key)
      path.push(index)
      node = node[index]
    } else {
      path.push(key)
      node = isJsonObject(node) ? node[key] : undefined
    }
  }
  return path
}
