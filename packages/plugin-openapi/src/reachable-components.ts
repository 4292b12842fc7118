import type { Parameter, PathItem, Response, Schema } from './openapi-types.js'

export interface ComponentSections {
  readonly schemas: Readonly<Record<string, Schema>>
  readonly parameters: Readonly<Record<string, Parameter>>
  readonly responses: Readonly<Record<string, Response>>
}

const PREFIX = '#/components/'

/**
 * The components the paths reach, directly or through other components. The shared ones (error responses, query
 * options, `ErrorResponse`) are written for every document, but a role that may only read has no `409`, and one
 * that may only run procedures no `$filter`: an unused component is noise to a reader and a linter warning.
 */
export function reachableComponents(
  paths: Readonly<Record<string, PathItem>>,
  components: ComponentSections,
): ComponentSections {
  const reached = new Set<string>()
  const pending: unknown[] = [paths]
  while (pending.length > 0) {
    for (const target of refsIn(pending.pop())) {
      if (reached.has(target) || !target.startsWith(PREFIX)) continue
      reached.add(target)
      const [section, name] = target.slice(PREFIX.length).split('/') as [keyof ComponentSections, string]
      pending.push(components[section]?.[name])
    }
  }
  const keep = <T>(section: keyof ComponentSections, all: Readonly<Record<string, T>>): Record<string, T> =>
    Object.fromEntries(Object.entries(all).filter(([name]) => reached.has(`${PREFIX}${section}/${name}`)))
  return {
    schemas: keep('schemas', components.schemas),
    parameters: keep('parameters', components.parameters),
    responses: keep('responses', components.responses),
  }
}

/** Every `$ref` value below `node`. */
function refsIn(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsIn(item, out)
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value)
      else refsIn(value, out)
    }
  }
  return out
}
