import { DEFAULT_CAPABILITIES, type DialectCapabilities } from '@sluice/core/dialect'
import type { MysqlFlavor } from './mysql-server.js'

/**
 * Shared by both servers. No native upsert: `INSERT … ON DUPLICATE KEY UPDATE` fires on a conflict with ANY unique
 * key (not only the one addressed), cannot skip the update when the row policy hides the row, and reports an
 * unchanged row like an insert — so core runs update-then-insert in a transaction instead. DDL commits implicitly.
 * Stored procedures run by CALL (parameters by position; the result set is not described before it runs).
 * Nested reads are correlated subqueries (no LATERAL needed); aggregation is GROUP BY under a GROUP_CONCAT. Large
 * pages stream from a prepared statement's result read as a stream. Multiple create runs core's inserts on one
 * transaction's connection (read-back batches included).
 */
const COMMON: DialectCapabilities = Object.freeze({
  ...DEFAULT_CAPABILITIES,
  jsonInDatabase: true,
  explicitKeyInsert: true,
  transactionalDdl: false,
  nativeUpsert: false,
  storedProcedures: true,
  nestedReads: true,
  aggregation: true,
  streamingReads: true,
  // Pages are GROUP_CONCAT(JSON_OBJECT(…) SEPARATOR ',\n'); nested lists join their items with ',' only.
  pageRecordPerLine: true,
  multipleCreate: true,
})

/** MySQL 8: no RETURNING (written rows are read back in the same transaction); LATERAL since 8.0.14. */
export const MYSQL_CAPABILITIES: DialectCapabilities = Object.freeze({
  ...COMMON,
  returning: 'none',
  lateralJoins: true,
})

/** MariaDB 10.5+: `INSERT … RETURNING` and `DELETE … RETURNING` (not UPDATE); no LATERAL. */
export const MARIADB_CAPABILITIES: DialectCapabilities = Object.freeze({
  ...COMMON,
  returning: 'returning',
  lateralJoins: false,
})

export function mysqlCapabilities(flavor: MysqlFlavor): DialectCapabilities {
  return flavor === 'mariadb' ? MARIADB_CAPABILITIES : MYSQL_CAPABILITIES
}
