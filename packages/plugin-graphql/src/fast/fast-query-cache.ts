import type { DocumentNode, GraphQLSchema, OperationDefinitionNode } from 'graphql'
import { compileFastQuery, type FastQuery } from './compile-fast-query.js'

/**
 * Compiled fast queries per operation node. Documents are cached by query text (`useDocumentCache`), so a query
 * sent again finds its operation node, and its compilation, here; a document dropped from that cache takes its
 * entries with it (weak keys).
 */
export class FastQueryCache {
  readonly #compiled = new WeakMap<OperationDefinitionNode, FastQuery | null>()

  constructor(private readonly schema: GraphQLSchema) {}

  compiled(document: DocumentNode, operation: OperationDefinitionNode): FastQuery | undefined {
    let fast = this.#compiled.get(operation)
    if (fast === undefined) {
      fast = compileFastQuery(this.schema, document, operation) ?? null
      this.#compiled.set(operation, fast)
    }
    return fast ?? undefined
  }
}
