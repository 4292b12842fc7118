/**
 * What a dialect can do. Core and the conformance suite branch on these flags, never on engine names; the flags
 * marked informational are only shown in the engine × capability table (docs/engines.md), so a dialect may leave them
 * at their defaults.
 * New flags get a default in {@link DEFAULT_CAPABILITIES}, so adding one never breaks a third-party dialect.
 */
export interface DialectCapabilities {
  /** Stored procedures can be published as entities. */
  readonly storedProcedures: boolean
  /** GraphQL multiple (nested) create in one transaction. */
  readonly multipleCreate: boolean
  /** How written rows come back: `RETURNING`, `OUTPUT inserted.*`, or a follow-up SELECT. Informational (engines.md). */
  readonly returning: 'returning' | 'output' | 'none'
  /** The engine builds response JSON itself (json_agg / JSON_ARRAYAGG / FOR JSON). Informational (engines.md). */
  readonly jsonInDatabase: boolean
  /** Explicit values may be inserted into auto-generated key columns. Informational (engines.md). */
  readonly explicitKeyInsert: boolean
  /** DDL runs inside transactions. Informational (engines.md; a conformance fixture may use it). */
  readonly transactionalDdl: boolean
  /** Native single-statement upsert whose semantics match PUT/PATCH (INSERT … ON CONFLICT, MERGE …). */
  readonly nativeUpsert: boolean
  /** LATERAL joins (or APPLY) for nested relationship reads in one statement. Informational (engines.md). */
  readonly lateralJoins: boolean
  /** The compiler builds `SelectPlan.relations` (nested relationship reads) into the root statement. */
  readonly nestedReads: boolean
  /** The compiler builds `SelectPlan.aggregate` (group by, count/sum/avg/min/max, having). */
  readonly aggregation: boolean
  /**
   * Large pages can stream: the driver implements `stream` and the compiler the select result mode `stream`, so a
   * protocol that can send a body as it arrives gets the records chunk by chunk instead of as one JSON text.
   */
  readonly streamingReads: boolean
  /**
   * Page statements (`PageResult`) write each record compact on its own line: `[r1,\nr2,\n…]`. Core then counts a
   * page's records by their newlines instead of scanning the JSON structure (faster on large pages). Leave it off
   * unless every page of the dialect has exactly that layout: off, any whitespace (or none) is read right.
   */
  readonly pageRecordPerLine: boolean
  /**
   * Live data: write statements return the row's image when the plan asks (`ReturnedRecord.image`,
   * `DeletePlan.image`), and the compiler reads `TableRef.rows` (the base compiler renders them). Without it, the
   * dialect's entities cannot publish their changes (start-up says so).
   */
  readonly rowImages: boolean
}

export const DEFAULT_CAPABILITIES: DialectCapabilities = Object.freeze({
  storedProcedures: false,
  multipleCreate: false,
  returning: 'none',
  jsonInDatabase: false,
  explicitKeyInsert: false,
  transactionalDdl: false,
  nativeUpsert: false,
  lateralJoins: false,
  nestedReads: false,
  aggregation: false,
  streamingReads: false,
  pageRecordPerLine: false,
  rowImages: false,
})
