/**
 * What the pipeline hands back to a protocol. Records arrive as finished JSON text (built by the database where the
 * dialect can), so protocols splice them into their envelope instead of parsing and re-serializing.
 */
export type OperationResult = ReadResult

export interface ReadResult {
  readonly kind: 'read'
  /** JSON array text of records keyed by API-level field names. */
  readonly json: string
  readonly hasNextPage: boolean
  /** Opaque cursor for the next page, or null on the last page. */
  readonly endCursor: string | null
}
