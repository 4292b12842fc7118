import type { DialectPlugin } from '@sluice/core'

/** Data API builder's database types Sluice has no engine for (`dab` accepts them). */
export const FOREIGN_DATABASE_TYPES = ['cosmosdb_nosql', 'cosmosdb_postgresql', 'dwsql']

/** The database types of the dialects `sluice start` composes (imported here only when needed: they are heavy). */
export async function dialectDatabaseTypes(): Promise<string[]> {
  const { defaultPlugins } = await import('../default-plugins.js')
  return defaultPlugins().flatMap((p) => ((p as Partial<DialectPlugin>).kind === 'dialect' ? [...(p as DialectPlugin).databaseTypes] : []))
}
