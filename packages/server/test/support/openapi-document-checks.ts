import { Validator } from '@seriousme/openapi-schema-validator'
import { expect } from 'vitest'

type Json = Record<string, any>

const VERBS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

/**
 * Checks a document the way a client generator would rely on it: valid against the OpenAPI 3.0 JSON schema (the
 * @seriousme/openapi-schema-validator library), every `$ref` resolvable, `operationId`s unique, and every path
 * template parameter declared as a required path parameter (and no path parameter the template lacks).
 */
export async function expectValidOpenApi(document: Json): Promise<void> {
  const validator = new Validator()
  const result = await validator.validate(structuredClone(document))
  expect(result.errors, 'OpenAPI 3.0 schema validation').toBeUndefined()
  expect(result.valid).toBe(true)
  expect(validator.version).toBe('3.0')

  for (const target of collectRefs(document)) {
    expect(resolvePointer(document, target), `$ref ${target} resolves`).toBeDefined()
  }
  const ids = new Set<string>()
  for (const [path, item] of Object.entries<Json>(document['paths'])) {
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort()
    for (const verb of VERBS) {
      const op = item[verb] as Json | undefined
      if (op === undefined) continue
      expect(ids.has(op['operationId']), `operationId ${op['operationId']} is unique`).toBe(false)
      ids.add(op['operationId'])
      const params = (op['parameters'] as Json[]).map((p) =>
        p['$ref'] === undefined ? p : resolvePointer(document, p['$ref']),
      )
      const inPath = params.filter((p) => p['in'] === 'path')
      expect(inPath.map((p) => p['name']).sort(), `${verb} ${path} declares its path parameters`).toEqual(templated)
      for (const p of inPath) expect(p['required']).toBe(true)
    }
  }
}

/** Follows a local `#/a/b` reference. */
export function resolvePointer(document: Json, pointer: string): any {
  if (!pointer.startsWith('#/')) return undefined
  let node: any = document
  for (const raw of pointer.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined
    node = node[key]
  }
  return node
}

/** The operation at `path` and `verb`, or undefined. */
export function operation(document: Json, path: string, verb: string): Json | undefined {
  return document['paths'][path]?.[verb]
}

/** The verbs documented on a path, sorted. */
export function verbsOf(document: Json, path: string): string[] {
  const item = document['paths'][path] as Json | undefined
  return item === undefined ? [] : VERBS.filter((v) => item[v] !== undefined).sort()
}

/** A component schema, or the schema a `$ref` points to. */
export function schemaOf(document: Json, schemaOrRef: Json): Json {
  return schemaOrRef['$ref'] === undefined ? schemaOrRef : resolvePointer(document, schemaOrRef['$ref'])
}

/** The property names of the request body schema of an operation. */
export function requestFields(document: Json, op: Json): string[] {
  return Object.keys(schemaOf(document, op['requestBody']['content']['application/json']['schema'])['properties'])
}

/** The property names of the records in a `{value:[…]}` response of an operation. */
export function responseFields(
  document: Json,
  op: Json,
  status = Object.keys(op['responses']).find((s) => s.startsWith('2'))!,
): string[] {
  const envelope = schemaOf(document, op['responses'][status]['content']['application/json']['schema'])
  return Object.keys(schemaOf(document, envelope['properties']['value']['items'])['properties'])
}

/** The parameters of an operation with references resolved. */
export function parametersOf(document: Json, op: Json): Json[] {
  return (op['parameters'] as Json[]).map((p) => (p['$ref'] === undefined ? p : resolvePointer(document, p['$ref'])))
}

function collectRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) collectRefs(item, out)
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value)
      else collectRefs(value, out)
    }
  }
  return out
}
