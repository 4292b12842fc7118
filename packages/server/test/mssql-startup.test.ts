import { createServer as createTcpServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '@sluice/core'
import { createServer } from '../src/create-server.js'

// SQL Server through the default plugins, without a SQL Server: `database-type: mssql` reaches @sluice/plugin-mssql,
// whose driver tries a real socket (a closed local port) and whose option checks run at start-up.

async function closedPort(): Promise<number> {
  const server = createTcpServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

const config = (connectionString: string, options: Record<string, unknown> = {}) =>
  parseConfig(
    {
      'data-source': { 'database-type': 'mssql', 'connection-string': connectionString, options },
      entities: { Book: { source: 'dbo.books', permissions: [{ role: 'anonymous', actions: ['read'] }] } },
    },
    { baseDir: '.', env: {} },
  )

describe('SQL Server start-up through the default plugins', () => {
  it('fails with a one-line connect error naming SQL Server and the address, never the password', async () => {
    const port = await closedPort()
    const failure = await createServer({
      config: config(
        `Server=tcp:127.0.0.1,${port};Initial Catalog=library;User ID=sa;Password=Pa55-word;Encrypt=false;Connect Timeout=5`,
      ),
      logger: false,
    }).then(
      async (server) => {
        await server.close()
        return undefined
      },
      (error: unknown) => error,
    )
    expect(failure).toMatchObject({ code: 'SLUICE_ERR_DATABASE_CONNECT' })
    expect((failure as Error).message).toMatch(/^Cannot connect to the SQL Server database: .*127\.0\.0\.1/)
    expect((failure as Error).message).not.toContain('Pa55-word')
  })

  it('refuses data-source options SQL Server does not have, and a non-boolean set-session-context', async () => {
    const port = await closedPort()
    const connection = `Server=127.0.0.1,${port};User ID=sa;Password=x;Encrypt=false`
    await expect(
      createServer({ config: config(connection, { 'set-session-context': 'yes' }), logger: false }),
    ).rejects.toMatchObject({
      code: 'SLUICE_ERR_CONFIG',
      message: expect.stringContaining('set-session-context: "yes" is not a boolean'),
    })
    await expect(createServer({ config: config(connection, { seed: 'x.sql' }), logger: false })).rejects.toMatchObject({
      code: 'SLUICE_ERR_CONFIG',
      message: expect.stringContaining('data-source.options.seed: not a SQL Server option'),
    })
  })

  it('refuses Windows authentication, which tedious cannot do, as a configuration error', async () => {
    await expect(
      createServer({ config: config('Server=db;Database=x;Integrated Security=SSPI'), logger: false }),
    ).rejects.toMatchObject({ code: 'SLUICE_ERR_CONFIG', message: expect.stringContaining('Integrated Security') })
  })
})
