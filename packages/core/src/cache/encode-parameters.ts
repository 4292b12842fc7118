import type { PlanParameter } from '../plan/plan-parameter.js'

/**
 * The parameter values of a plan as key text: every value with its type, unambiguous (strings quoted, numbers with
 * their sign of zero and their non-finite forms), so two keys are equal only when every value is. The parameter at
 * `skip` (a nested page's per-request marker) is left out. Undefined when a value has a form this encoding does not
 * know — such a request is never cached rather than risk two different values sharing a key.
 */
export function encodeParameters(parameters: readonly PlanParameter[], skip: number | undefined): string | undefined {
  let text = ''
  for (let i = 0; i < parameters.length; i++) {
    const p = parameters[i]!
    if (i === skip) {
      text += 'M;'
      continue
    }
    const value = encodeValue(p.value)
    if (value === undefined) return undefined
    text += `${p.type}:${value};`
  }
  return text
}

function encodeValue(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value)
    case 'number':
      return Object.is(value, -0) ? 'n-0' : `n${value}`
    case 'boolean':
      return value ? 'T' : 'F'
    case 'bigint':
      return `i${value}`
    case 'undefined':
      return 'U'
    case 'object':
      return encodeObject(value)
    default:
      return undefined
  }
}

function encodeObject(value: object | null): string | undefined {
  if (value === null) return 'N'
  if (value instanceof Uint8Array)
    return `b${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64')}`
  if (Array.isArray(value)) {
    const items: string[] = []
    for (const item of value) {
      const encoded = encodeValue(item)
      if (encoded === undefined) return undefined
      items.push(encoded)
    }
    return `[${items.join(',')}]`
  }
  const proto = Object.getPrototypeOf(value) as unknown
  if (proto !== Object.prototype && proto !== null) return undefined
  // Key order is kept: objects that differ only in key order get different keys (a miss, never a wrong answer).
  const entries: string[] = []
  for (const [key, item] of Object.entries(value)) {
    const encoded = encodeValue(item)
    if (encoded === undefined) return undefined
    entries.push(`${JSON.stringify(key)}:${encoded}`)
  }
  return `{${entries.join(',')}}`
}
