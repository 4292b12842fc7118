import { invariant, type OperationRequest, type Pipeline, type ReadResult, type RequestContext, type WriteResult } from '@sluice/core'

/** One pipeline call (one SQL statement) for a read; the records come back as the JSON text core built. */
export async function runRead(pipeline: Pipeline, request: OperationRequest, context: RequestContext): Promise<ReadResult> {
  const result = await pipeline.run(request, context)
  invariant(result.kind === 'read', 'a read or execute returns a read result')
  return result
}

export async function runWrite(pipeline: Pipeline, request: OperationRequest, context: RequestContext): Promise<WriteResult> {
  const result = await pipeline.run(request, context)
  invariant(result.kind === 'write', 'a write returns a write result')
  return result
}

/** Records of a result's JSON array text, as graphql-js resolves them (field names are API names). */
export function parseRecords(json: string): Array<Record<string, unknown>> {
  return JSON.parse(json) as Array<Record<string, unknown>>
}
