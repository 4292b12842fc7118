import { Kind, type FieldNode, type ValueNode } from 'graphql'

/**
 * The keys of an input-object argument in the order the client wrote them. graphql-js coerces input objects into
 * field-definition order, which would lose `orderBy: { title: DESC, id: ASC }`'s meaning, so the order is read from
 * the document (a literal) or from the variables as sent (a variable).
 */
export function writtenKeyOrder(
  node: FieldNode,
  argument: string,
  rawVariables: Readonly<Record<string, unknown>>,
): readonly string[] | undefined {
  const arg = node.arguments?.find((a) => a.name.value === argument)
  return arg === undefined ? undefined : keysOf(arg.value, rawVariables)
}

function keysOf(value: ValueNode, rawVariables: Readonly<Record<string, unknown>>): readonly string[] | undefined {
  if (value.kind === Kind.OBJECT) return value.fields.map((f) => f.name.value)
  if (value.kind === Kind.VARIABLE) {
    const raw = rawVariables[value.name.value]
    return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? Object.keys(raw) : undefined
  }
  return undefined
}
