import type { SluiceServer } from '../../src/index.js'

/**
 * The SQL text of every statement the server's driver runs from now on, in order; the statements still run on the
 * real database. Tests empty the array (`length = 0`) before the request they look at.
 */
export function recordStatements(server: SluiceServer): string[] {
  const statements: string[] = []
  const driver = server.sluice.driver
  const execute = driver.execute.bind(driver)
  driver.execute = ((query, options) => {
    statements.push(query.sql)
    return execute(query, options)
  }) as typeof driver.execute
  return statements
}
