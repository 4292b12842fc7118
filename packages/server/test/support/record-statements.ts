import type { Connection } from '@sluice/core/dialect'
import type { SluiceServer } from '../../src/index.js'

/**
 * The SQL text of every statement the server's driver runs from now on, in order; the statements still run on the
 * real database. A transaction shows as `BEGIN`, its statements and `END` (whether it committed or rolled back).
 * Tests empty the array (`length = 0`) before the request they look at.
 */
export function recordStatements(server: SluiceServer): string[] {
  const statements: string[] = []
  const driver = server.sluice.driver
  const execute = driver.execute.bind(driver)
  driver.execute = ((query, options) => {
    statements.push(query.sql)
    return execute(query, options)
  }) as typeof driver.execute
  const transaction = driver.transaction.bind(driver)
  driver.transaction = (async (fn, options) => {
    statements.push('BEGIN')
    try {
      return await transaction((connection) => {
        const run = connection.execute.bind(connection)
        const recorded: Connection = {
          execute: ((query, executeOptions) => {
            statements.push(query.sql)
            return run(query, executeOptions)
          }) as Connection['execute'],
          ...(connection.stream === undefined ? {} : { stream: connection.stream.bind(connection) }),
        }
        return fn(recorded)
      }, options)
    } finally {
      statements.push('END')
    }
  }) as typeof driver.transaction
  return statements
}
