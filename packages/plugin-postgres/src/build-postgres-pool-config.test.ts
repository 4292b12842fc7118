import { describe, expect, it } from 'vitest'
import type { ConnectionSettings } from '@sluice/core/dialect'
import { buildPostgresPoolConfig } from './build-postgres-pool-config.js'

const settings = (options: Record<string, string> = {}): ConnectionSettings => ({
  form: 'keywords',
  scheme: undefined,
  host: 'db.example',
  port: 6432,
  database: 'library',
  user: 'app',
  password: 'pw',
  options,
})

describe('buildPostgresPoolConfig', () => {
  it('passes host, port, database and credentials through, with a pool of 10 by default', () => {
    expect(buildPostgresPoolConfig(settings())).toEqual({
      host: 'db.example',
      port: 6432,
      database: 'library',
      user: 'app',
      password: 'pw',
      max: 10,
    })
  })

  it.each([
    ['require', { rejectUnauthorized: false }],
    ['Require', { rejectUnauthorized: false }],
    ['verify-full', true],
    ['VerifyFull', true],
    ['disable', false],
    ['prefer', undefined],
  ])('maps sslmode %s', (mode, ssl) => {
    expect(buildPostgresPoolConfig(settings({ sslmode: mode })).ssl).toEqual(ssl)
  })

  it('verifies the chain but not the host for verify-ca, and nothing when the certificate is trusted', () => {
    const ssl = buildPostgresPoolConfig(settings({ sslmode: 'verify-ca' })).ssl
    expect(ssl).toMatchObject({ rejectUnauthorized: true })
    expect(buildPostgresPoolConfig(settings({ sslmode: 'verify-full', trustservercertificate: 'true' })).ssl).toEqual({
      rejectUnauthorized: false,
    })
  })

  it('maps pool size, timeouts, application name and search path', () => {
    const config = buildPostgresPoolConfig(
      settings({
        maximumpoolsize: '25',
        timeout: '7',
        commandtimeout: '30',
        applicationname: 'orders api',
        searchpath: 'app, public',
      }),
    )
    expect(config).toMatchObject({
      max: 25,
      connectionTimeoutMillis: 7000,
      statement_timeout: 30_000,
      application_name: 'orders api',
      options: '-c search_path=app,\\ public',
    })
    expect(buildPostgresPoolConfig(settings({ maxpoolsize: '3', connecttimeout: '2' }))).toMatchObject({
      max: 3,
      connectionTimeoutMillis: 2000,
    })
  })

  it('lets the connection string win over the driver defaults, and ignores malformed numbers', () => {
    expect(
      buildPostgresPoolConfig(settings({ maxpoolsize: '4' }), { poolSize: 20, applicationName: 'sluice' }),
    ).toMatchObject({ max: 4, application_name: 'sluice' })
    expect(buildPostgresPoolConfig(settings({ maxpoolsize: 'lots' }), { poolSize: 20 }).max).toBe(20)
    expect(buildPostgresPoolConfig(settings({ commandtimeout: '0' })).statement_timeout).toBeUndefined()
  })
})
