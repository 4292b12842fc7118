import { DEFAULT_CAPABILITIES, type DialectCapabilities } from '@sluice/core'

/**
 * What the SQL Server dialect can do, as compiled and driven here:
 * - `storedProcedures`: EXEC with named parameters, first result set;
 * - `returning: 'output'`: OUTPUT inserted.<key> INTO a table variable, then the row read back in the same batch;
 * - `jsonInDatabase`: FOR JSON PATH builds every record and page;
 * - `nativeUpsert`: MERGE … WITH (HOLDLOCK);
 * - `transactionalDdl`: SQL Server runs DDL inside transactions;
 * - `lateralJoins`: OUTER APPLY exists (nested relationship reads are not compiled yet: see docs/engines.md);
 * - not `explicitKeyInsert`: an IDENTITY column takes no explicit value unless IDENTITY_INSERT is on, which
 *   Sluice never sets (SPEC REST writes rule 3: PUT/PATCH on an absent generated key is a 404);
 * - not `multipleCreate`: not implemented by this dialect yet.
 */
export const MSSQL_CAPABILITIES: DialectCapabilities = Object.freeze({
  ...DEFAULT_CAPABILITIES,
  storedProcedures: true,
  returning: 'output',
  jsonInDatabase: true,
  explicitKeyInsert: false,
  transactionalDdl: true,
  nativeUpsert: true,
  lateralJoins: true,
})
