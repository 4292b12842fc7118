import { DEFAULT_CAPABILITIES, type DialectCapabilities } from '@sluice/core/dialect'

/**
 * What SQLite (3.44+, as better-sqlite3 bundles it) can do. `RETURNING` brings written rows back; JSON is built by
 * SQLite (`json_object`, `json_group_array`); nested reads are correlated sub-queries. Not declared:
 * - `storedProcedures`: SQLite has none;
 * - `nativeUpsert`: `ON CONFLICT … DO UPDATE` cannot tell an inserted row from an updated one in `RETURNING`, so
 *   core runs update-then-insert in one transaction (SQLite transactions are serializable, so there is no race);
 * - `lateralJoins`: not needed (and SQLite has none);
 * - `streamingReads`: better-sqlite3 is synchronous and one connection; an open row iterator would hold it for
 *   every other request while the client reads.
 */
export const SQLITE_CAPABILITIES: DialectCapabilities = Object.freeze({
  ...DEFAULT_CAPABILITIES,
  returning: 'returning',
  jsonInDatabase: true,
  explicitKeyInsert: true,
  transactionalDdl: true,
  multipleCreate: true,
  nestedReads: true,
  aggregation: true,
  // Pages are `[r1,\nr2,\n…]` with each record compact JSON (`json_object` writes no whitespace).
  pageRecordPerLine: true,
})
