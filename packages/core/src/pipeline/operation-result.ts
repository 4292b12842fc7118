/**
 * What the pipeline hands back to a protocol. Records arrive as finished JSON text (built by the database where the
 * dialect can), so protocols splice them into their envelope instead of parsing and re-serializing.
 */
export type OperationResult = ReadResult | WriteResult

export interface ReadResult {
  readonly kind: 'read'
  /** JSON array text of records keyed by API-level field names. */
  readonly json: string
  readonly hasNextPage: boolean
  /** Opaque cursor for the next page, or null on the last page. */
  readonly endCursor: string | null
  /**
   * The number of records that match the filter and the row policy, whatever the page (`OperationRequest.count`);
   * absent unless asked for.
   */
  readonly count?: number | undefined
  /**
   * Set only for protocols that asked for streams (`RequestContext.streamReads`) on large pages: the records arrive
   * here instead of in `json` (which is then `''`), and `hasNextPage`/`endCursor` are only known from `paging()`.
   */
  readonly stream?: ReadStream | undefined
}

/** A large page as it arrives from the database. */
export interface ReadStream {
  /** JSON object texts of the records, in order, in chunks. */
  readonly records: AsyncIterable<readonly string[]>
  /** The paging state, once `records` has been read to the end (throws before). */
  paging(): { readonly hasNextPage: boolean; readonly endCursor: string | null }
  /**
   * Gives the database session back without reading further. A protocol that will not read `records` to the end (a
   * HEAD request, an error before sending) must call it; stopping an iteration early (`return()`) does the same.
   */
  close(): Promise<void>
}

export interface KeyPart {
  /** API-level key field name. */
  readonly name: string
  readonly value: string
}

export interface WriteResult {
  readonly kind: 'write'
  /** What happened: an upsert reports `created` or `updated`. */
  readonly outcome: 'created' | 'updated' | 'deleted'
  /** JSON array text: the written record as the caller may read it (`[]` without read access, and for deletes). */
  readonly json: string
  /**
   * The key of a row created by an insert (not by an upsert, whose key the caller chose), when the caller may read
   * the row and every key field: what REST's `Location` is built from.
   */
  readonly createdKey: readonly KeyPart[] | undefined
}
