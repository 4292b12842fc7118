import { DEFAULT_CAPABILITIES, type DialectCapabilities } from '@sluice/core'

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
})
