import { GraphQLError, type ASTVisitor, type ValidationContext } from 'graphql'

/**
 * `runtime.graphql.allow-introspection: false`: `__schema` and `__type` are refused with Data API builder's message
 * (dab.md §4.6). `__typename` stays allowed: clients need it and it reveals nothing about the schema.
 */
export function noIntrospectionRule(context: ValidationContext): ASTVisitor {
  return {
    Field(node) {
      const name = node.name.value
      if (name === '__schema' || name === '__type') {
        context.reportError(
          new GraphQLError('Introspection is not allowed for the current request.', {
            nodes: node,
            extensions: { code: 'SLUICE_ERR_GRAPHQL_INTROSPECTION' },
          }),
        )
      }
    },
  }
}
