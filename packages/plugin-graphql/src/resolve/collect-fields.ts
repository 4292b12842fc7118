import {
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
} from 'graphql'

/** One field a selection set asks for, under its response key (the alias, or the field name). */
export interface CollectedField {
  readonly name: string
  readonly responseKey: string
  /** Every node that selects this response key (a field may be selected in several fragments). */
  readonly nodes: readonly FieldNode[]
}

export interface SelectionScope {
  readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>
  readonly variableValues: Readonly<Record<string, unknown>>
}

/**
 * The fields selected below `nodes`, merged by response key, with fragments spread and `@skip`/`@include` applied —
 * what graphql-js executes, in the order it executes them. (graphql-js keeps its own collector internal.)
 */
export function collectSubfields(nodes: readonly FieldNode[], scope: SelectionScope): CollectedField[] {
  return collectFields(
    nodes.map((n) => n.selectionSet),
    scope,
  )
}

/** The fields of `sets` (an operation's selection set, or the sets below some fields), merged as graphql-js does. */
export function collectFields(
  sets: readonly (SelectionSetNode | undefined)[],
  scope: SelectionScope,
): CollectedField[] {
  const byKey = new Map<string, { name: string; responseKey: string; nodes: FieldNode[] }>()
  const visited = new Set<string>()
  const walk = (set: SelectionSetNode | undefined): void => {
    if (set === undefined) return
    for (const selection of set.selections) {
      if (!included(selection, scope)) continue
      switch (selection.kind) {
        case Kind.FIELD: {
          const responseKey = selection.alias?.value ?? selection.name.value
          const entry = byKey.get(responseKey)
          if (entry === undefined)
            byKey.set(responseKey, { name: selection.name.value, responseKey, nodes: [selection] })
          else entry.nodes.push(selection)
          break
        }
        case Kind.INLINE_FRAGMENT:
          walk(selection.selectionSet)
          break
        case Kind.FRAGMENT_SPREAD: {
          const name = selection.name.value
          if (visited.has(name)) break
          visited.add(name)
          walk(scope.fragments[name]?.selectionSet)
          break
        }
      }
    }
  }
  for (const set of sets) walk(set)
  return [...byKey.values()]
}

function included(node: Parameters<typeof getDirectiveValues>[1], scope: SelectionScope): boolean {
  const skip = getDirectiveValues(GraphQLSkipDirective, node, scope.variableValues)
  if (skip?.['if'] === true) return false
  const include = getDirectiveValues(GraphQLIncludeDirective, node, scope.variableValues)
  return include?.['if'] !== false
}

/** The fragment definitions of a document, by name (what a `SelectionScope` spreads). */
export function fragmentsOf(document: DocumentNode): Record<string, FragmentDefinitionNode> {
  const fragments: Record<string, FragmentDefinitionNode> = {}
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d
  return fragments
}
