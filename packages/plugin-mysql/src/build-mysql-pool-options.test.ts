import { describe, expect, it } from 'vitest'
import { parseConnectionString } from '@sluice/core/dialect'
import { buildMysqlPoolOptions } from './build-mysql-pool-options.js'

describe('buildMysqlPoolOptions', () => {
  it('reads a mysql:// URL', () => {
    const options = buildMysqlPoolOptions(
      parseConnectionString(
        'mysql://app:p%40ss@db.example:3307/library?ssl-mode=REQUIRED&connectTimeout=2500&connectionLimit=4',
      ),
    )
    expect(options).toMatchObject({
      host: 'db.example',
      port: 3307,
      user: 'app',
      password: 'p@ss',
      database: 'library',
      connectionLimit: 4,
      connectTimeout: 2500,
      ssl: { rejectUnauthorized: false },
    })
  })

  it('reads MySqlConnector keywords as MySQL users write them', () => {
    const options = buildMysqlPoolOptions(
      parseConnectionString(
        'Server=db;Port=3306;Database=library;Uid=app;Pwd="a;b";SslMode=VerifyFull;Maximum Pool Size=20;Connection Timeout=3;CharSet=utf8mb4',
      ),
    )
    expect(options).toMatchObject({
      host: 'db',
      port: 3306,
      database: 'library',
      user: 'app',
      password: 'a;b',
      connectionLimit: 20,
      connectTimeout: 3000,
      charset: 'utf8mb4',
      ssl: { rejectUnauthorized: true, verifyIdentity: true },
    })
  })

  it('defaults: localhost:3306, 10 connections, no TLS, exact values as text, no LOCAL INFILE', () => {
    const options = buildMysqlPoolOptions(parseConnectionString('Server=;Database=x;SslMode=Preferred'))
    expect(options).toMatchObject({
      host: 'localhost',
      port: 3306,
      connectionLimit: 10,
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
      jsonStrings: true,
      multipleStatements: false,
      flags: ['-LOCAL_FILES'],
    })
    expect(options.ssl).toBeUndefined()
    expect(buildMysqlPoolOptions(parseConnectionString('Server=h;SslMode=VerifyCA')).ssl).toEqual({
      rejectUnauthorized: true,
      verifyIdentity: false,
    })
  })
})
