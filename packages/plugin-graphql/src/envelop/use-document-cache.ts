import type { Plugin } from '@envelop/core'
import type { DocumentNode, GraphQLError } from 'graphql'
import { LRUCache } from 'lru-cache'

/**
 * Caches parsed documents by query text (LRU, `max` documents) and each cached document's validation errors, so a
 * query sent again skips both parse and validate. Only successful parses are cached: a broken query costs a parse
 * each time but cannot evict the good ones. The schema and the rules are fixed after start-up, so a document's
 * validation result never changes.
 */
export function useDocumentCache(max: number): Plugin {
  const documents = new LRUCache<string, DocumentNode>({ max })
  const validated = new WeakMap<DocumentNode, readonly GraphQLError[]>()
  return {
    onParse({ params, setParsedDocument }) {
      const source = typeof params.source === 'string' ? params.source : undefined
      if (source === undefined) return undefined
      const cached = documents.get(source)
      if (cached !== undefined) {
        setParsedDocument(cached)
        return undefined
      }
      return ({ result }) => {
        if (result !== null && !(result instanceof Error)) documents.set(source, result as DocumentNode)
      }
    },
    onValidate({ params, setResult }) {
      const document = params.documentAST
      const cached = validated.get(document)
      if (cached !== undefined) {
        setResult(cached)
        return undefined
      }
      return ({ result }) => {
        validated.set(document, result as readonly GraphQLError[])
      }
    },
  }
}
