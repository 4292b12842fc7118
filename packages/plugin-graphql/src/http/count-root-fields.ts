import { getOperationAST, Kind, type DocumentNode, type SelectionSetNode } from 'graphql'

/**
 * The root fields the chosen operation of a parsed (not yet validated) document could run, counted generously:
 * every field of its selection set, fragments spread (each once) and `@skip`/`@include` ignored, introspection
 * (`__typename`, `__schema`, `__type`) not counted. An upper bound on the statements it asks for, cheap enough to
 * refuse a bomb of aliases before validation, whose cost grows with every field. 0 when no operation is chosen.
 */
export function countRootFields(document: DocumentNode, operationName: string | undefined): number {
  const operation = getOperationAST(document, operationName)
  if (operation === null || operation === undefined) return 0
  const fragments = new Map<string, SelectionSetNode>()
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d.selectionSet)
  const spread = new Set<string>()
  let count = 0
  const pending: SelectionSetNode[] = [operation.selectionSet]
  for (let set = pending.pop(); set !== undefined; set = pending.pop()) {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        if (!selection.name.value.startsWith('__')) count++
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        pending.push(selection.selectionSet)
      } else if (!spread.has(selection.name.value)) {
        spread.add(selection.name.value)
        const fragment = fragments.get(selection.name.value)
        if (fragment !== undefined) pending.push(fragment)
      }
    }
  }
  return count
}
