import { DEFAULT_CAPABILITIES, type DialectCapabilities } from '@sluice/core/dialect'

/** What the PostgreSQL family can do (PostgreSQL and PGlite alike). */
export const POSTGRES_CAPABILITIES: DialectCapabilities = Object.freeze({
  ...DEFAULT_CAPABILITIES,
  storedProcedures: true,
  returning: 'returning',
  jsonInDatabase: true,
  explicitKeyInsert: true,
  transactionalDdl: true,
  nativeUpsert: true,
  lateralJoins: true,
  multipleCreate: true,
  nestedReads: true,
  aggregation: true,
  // json_agg writes `[r1, \n r2]` with compact records (row_to_json; nested lists use array_to_json, never json_agg).
  pageRecordPerLine: true,
  rowImages: true,
})
