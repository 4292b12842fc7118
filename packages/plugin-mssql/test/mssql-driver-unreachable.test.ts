import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { parseConnectionString } from '@sluice/core/dialect'
import { MssqlDriver } from '../src/mssql-driver.js'
import { classifyMssqlError } from '../src/sql/mssql-error-classifier.js'

/** A local port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

// No SQL Server runs here; these tests use real sockets to a port where none answers (never a fake server).
describe('MssqlDriver without a reachable server', () => {
  it('fails start-up with SLUICE_ERR_DATABASE_CONNECT naming SQL Server, without the password', async () => {
    const port = await closedPort()
    const driver = new MssqlDriver({
      connection: parseConnectionString(
        `Server=127.0.0.1,${port};Database=db;User ID=sa;Password=Sup3r-secret;Encrypt=false;Connect Timeout=5`,
      ),
      pool: { acquireTimeoutMillis: 10_000 },
    })
    try {
      const failure = await driver.init().then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(failure).toMatchObject({ code: 'SLUICE_ERR_DATABASE_CONNECT' })
      expect((failure as Error).message).toMatch(/Cannot connect to the SQL Server database: .*127\.0\.0\.1/)
      expect((failure as Error).message).not.toContain('Sup3r-secret')
    } finally {
      await driver.destroy()
    }
  })

  it('reports a refused connection during a request as unavailable (503)', async () => {
    const port = await closedPort()
    const driver = new MssqlDriver({
      connection: parseConnectionString(
        `Server=127.0.0.1,${port};User ID=sa;Password=x;Encrypt=false;Connect Timeout=5`,
      ),
    })
    try {
      const failure = await driver.execute({ sql: 'SELECT 1', parameters: [] }).then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(classifyMssqlError(failure).kind).toBe('unavailable')
    } finally {
      await driver.destroy()
    }
  })

  it('rejects at once when the request is already aborted, without connecting', async () => {
    const driver = new MssqlDriver({ connection: parseConnectionString('Server=192.0.2.1;User ID=sa;Password=x') })
    const controller = new AbortController()
    controller.abort(new Error('client went away'))
    await expect(driver.execute({ sql: 'SELECT 1', parameters: [] }, { signal: controller.signal })).rejects.toThrow(
      'client went away',
    )
    await driver.destroy()
  })
})
