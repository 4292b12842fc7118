/** Data API builder's database types Sluice has no engine for (`dab` accepts them). */
export const FOREIGN_DATABASE_TYPES = ['cosmosdb_nosql', 'cosmosdb_postgresql', 'dwsql']

/**
 * The database types of the dialects `sluice start` composes, in their order. Written out so that `init` and
 * `configure` need not load every engine to check a name (that made each call take seconds);
 * dialect-database-types.test.ts keeps it equal to what the plugins declare.
 */
export const DIALECT_DATABASE_TYPES: readonly string[] = ['postgresql', 'pglite', 'mysql', 'mariadb', 'mssql', 'sqlite']
