import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql'

/**
 * `runtime.graphql.depth-limit`: an operation whose fields nest deeper than `max` is rejected before execution, with
 * Hot Chocolate's message (dab.md §4.6). A root field has depth 1; fragments count where they are spread;
 * introspection fields (`__schema`, `__type`, `__typename`) are exempt, with everything below them.
 */
export function depthLimitRule(max: number): (context: ValidationContext) => ASTVisitor {
  return (context) => ({
    OperationDefinition(operation) {
      const depth = depthOf(operation.selectionSet, context, new Set())
      if (depth > max) {
        context.reportError(
          new GraphQLError(
            `The GraphQL document has an execution depth of ${depth} which exceeds the max allowed execution depth of ${max}.`,
            { nodes: operation, extensions: { code: 'SLUICE_ERR_GRAPHQL_DEPTH_LIMIT' } },
          ),
        )
      }
    },
  })
}

function depthOf(set: SelectionSetNode | undefined, context: ValidationContext, spreading: Set<string>): number {
  if (set === undefined) return 0
  let deepest = 0
  for (const selection of set.selections) {
    let depth = 0
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith('__')) continue
      depth = 1 + depthOf(selection.selectionSet, context, spreading)
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      depth = depthOf(selection.selectionSet, context, spreading)
    } else {
      const name = selection.name.value
      const fragment: FragmentDefinitionNode | undefined | null = context.getFragment(name)
      // A fragment cycle is reported by graphql-js's own NoFragmentCycles rule; stop here.
      if (fragment === undefined || fragment === null || spreading.has(name)) continue
      spreading.add(name)
      depth = depthOf(fragment.selectionSet, context, spreading)
      spreading.delete(name)
    }
    if (depth > deepest) deepest = depth
  }
  return deepest
}
