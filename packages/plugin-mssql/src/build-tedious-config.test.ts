import { describe, expect, it } from 'vitest'
import { parseConnectionString } from '@sluice/core/dialect'
import { buildTediousConfig, readPoolSize } from './build-tedious-config.js'

const build = (text: string) => buildTediousConfig(parseConnectionString(text), { applicationName: 'sluice' })

describe('buildTediousConfig', () => {
  it('reads an ADO.NET connection string as SQL Server users write it', () => {
    const config = build(
      'Server=tcp:db.example.net,14330;Initial Catalog=library;User ID=app;Password=p;Encrypt=True;TrustServerCertificate=False;Connection Timeout=7;',
    )
    expect(config).toEqual({
      server: 'db.example.net',
      authentication: { type: 'default', options: { userName: 'app', password: 'p' } },
      options: {
        port: 14330,
        database: 'library',
        encrypt: true,
        trustServerCertificate: false,
        useUTC: true,
        abortTransactionOnError: true,
        requestTimeout: 30_000,
        connectTimeout: 7000,
        appName: 'sluice',
      },
    })
  })

  it('accepts the aliases Data Source, Database, Uid, Pwd, and quoted values', () => {
    const config = build(
      `Data Source=localhost;Database=test;Uid=sa;Pwd='a;b''c';TrustServerCertificate=true;Encrypt=false`,
    )
    expect(config.server).toBe('localhost')
    expect(config.options).toMatchObject({ port: 1433, database: 'test', encrypt: false, trustServerCertificate: true })
    expect(config.authentication).toEqual({ type: 'default', options: { userName: 'sa', password: "a;b'c" } })
  })

  it('finds a named instance through SQL Browser unless a port is given; (local) and . mean localhost', () => {
    const named = build('Server=(local)\\SQLEXPRESS;Database=db;User ID=u;Password=p')
    expect(named.server).toBe('localhost')
    expect(named.options).toMatchObject({ instanceName: 'SQLEXPRESS' })
    expect(named.options).not.toHaveProperty('port')
    expect(build('Server=.\\SQLEXPRESS,1500;User ID=u;Password=p').options).toMatchObject({ port: 1500 })
  })

  it('reads the URL form, Encrypt=Strict, Command Timeout and Application Name', () => {
    const config = build(
      'sqlserver://sa:secret@127.0.0.1:1433/master?encrypt=strict&commandtimeout=0&applicationname=orders',
    )
    expect(config.server).toBe('127.0.0.1')
    expect(config.options).toMatchObject({
      database: 'master',
      encrypt: 'strict',
      requestTimeout: 0,
      appName: 'orders',
    })
  })

  it('takes the statement timeout from runtime.limits unless Command Timeout is given', () => {
    const settings = parseConnectionString('Server=x;User ID=u;Password=p')
    expect(buildTediousConfig(settings, { statementTimeoutMs: 5000 }).options?.requestTimeout).toBe(5000)
    expect(
      buildTediousConfig(parseConnectionString('Server=x;User ID=u;Password=p;Command Timeout=9'), {
        statementTimeoutMs: 5000,
      }).options?.requestTimeout,
    ).toBe(9000)
  })

  it('maps ApplicationIntent, MultiSubnetFailover, Workstation ID, Current Language and Packet Size', () => {
    expect(
      build(
        'Server=x;ApplicationIntent=ReadOnly;MultiSubnetFailover=True;Workstation ID=web1;Current Language=us_english;Packet Size=8192',
      ).options,
    ).toMatchObject({
      readOnlyIntent: true,
      multiSubnetFailover: true,
      workstationId: 'web1',
      language: 'us_english',
      packetSize: 8192,
    })
  })

  it('reads Max Pool Size and Min Pool Size for the pool', () => {
    expect(readPoolSize(parseConnectionString('Server=x;Max Pool Size=25;Min Pool Size=2'))).toEqual({
      max: 25,
      min: 2,
    })
    expect(readPoolSize(parseConnectionString('Server=x;Max Pool Size=lots'))).toEqual({})
  })

  it('maps Entra ID authentication methods onto tedious authentication types', () => {
    expect(build('Server=x;Authentication=Active Directory Managed Identity;User ID=client-1').authentication).toEqual({
      type: 'azure-active-directory-msi-vm',
      options: { clientId: 'client-1' },
    })
    expect(build('Server=x;Authentication=ActiveDirectoryDefault').authentication).toEqual({
      type: 'azure-active-directory-default',
      options: {},
    })
    expect(
      build('Server=x;Authentication=ActiveDirectoryServicePrincipal;User ID=c;Password=s;Tenant Id=t').authentication,
    ).toEqual({
      type: 'azure-active-directory-service-principal-secret',
      options: { clientId: 'c', clientSecret: 's', tenantId: 't' },
    })
    expect(
      build('Server=x;Authentication=Active Directory Password;User ID=u@x;Password=p').authentication,
    ).toMatchObject({ type: 'azure-active-directory-password' })
  })

  it('refuses what tedious cannot do, naming the key, never the password', () => {
    expect(() => build('Server=x;Integrated Security=SSPI')).toThrow(/Integrated Security/)
    expect(() => build('Server=x;Authentication=ActiveDirectoryInteractive;Password=hunter2')).toThrow(
      /ActiveDirectoryInteractive.*not supported/,
    )
    expect(() => build('Server=x;Authentication=ActiveDirectoryInteractive;Password=hunter2')).not.toThrow(/hunter2/)
    expect(() => build('Server=x;Authentication=ActiveDirectoryServicePrincipal;User ID=c;Password=s')).toThrow(
      /Tenant Id/,
    )
    expect(() => build('Server=x;Encrypt=sometimes')).toThrow(/Encrypt="sometimes" is not valid/)
  })
})
