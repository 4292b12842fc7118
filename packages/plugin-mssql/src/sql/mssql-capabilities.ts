import { DEFAULT_CAPABILITIES, type DialectCapabilities } from '@sluice/core/dialect'

/**
 * What the SQL Server dialect can do, as compiled and driven here:
 * - `storedProcedures`: EXEC with named parameters, first result set;
 * - `returning: 'output'`: OUTPUT inserted.<key> INTO a table variable, then the row read back in the same batch;
 * - `jsonInDatabase`: FOR JSON PATH builds every record and page;
 * - `nativeUpsert`: MERGE … WITH (HOLDLOCK);
 * - `transactionalDdl`: SQL Server runs DDL inside transactions;
 * - `lateralJoins`: APPLY exists; `nestedReads`: each relationship is a correlated FOR JSON sub-query in the record;
 * - `aggregation`: GROUP BY with FOR JSON PATH building `{fields, aggregations}` per group;
 * - not `explicitKeyInsert`: an IDENTITY column takes no explicit value unless IDENTITY_INSERT is on, which
 *   Sluice never sets (SPEC REST writes rule 3: PUT/PATCH on an absent generated key is a 404);
 * - `multipleCreate`: core runs every record's insert (and the read-back of its relations) in one driver
 *   transaction; the dialect's write batches nest inside it.
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
  multipleCreate: true,
  nestedReads: true,
  aggregation: true,
})
