import { describe, expect, it } from 'vitest'
import { isSluiceError } from '../errors/sluice-error.js'
import { parseConnectionString, redactConnectionString } from './connection-string.js'

function failure(text: string): string {
  try {
    parseConnectionString(text)
  } catch (error) {
    if (isSluiceError(error)) {
      expect(error.code).toBe('SLUICE_ERR_CONFIG')
      return error.message
    }
    throw error
  }
  throw new Error('expected a SluiceError')
}

describe('parseConnectionString: URL form', () => {
  it('reads every part of a PostgreSQL URL', () => {
    expect(
      parseConnectionString(
        'postgresql://app:s3cr%40t@db.example.com:6432/library?sslmode=require&application_name=sluice',
      ),
    ).toEqual({
      form: 'url',
      scheme: 'postgresql',
      host: 'db.example.com',
      port: 6432,
      database: 'library',
      user: 'app',
      password: 's3cr@t',
      options: { sslmode: 'require', applicationname: 'sluice' },
    })
  })

  it.each([
    [
      'postgres://localhost/db',
      { scheme: 'postgres', host: 'localhost', port: undefined, database: 'db', user: undefined },
    ],
    [
      'mysql://root@127.0.0.1:3306/shop',
      { scheme: 'mysql', host: '127.0.0.1', port: 3306, database: 'shop', user: 'root' },
    ],
    [
      'sqlserver://sa:pw@[::1]:1433/master',
      { scheme: 'sqlserver', host: '::1', port: 1433, database: 'master', password: 'pw' },
    ],
    ['pglite://', { scheme: 'pglite', host: undefined, database: undefined }],
    ['  postgresql://u:p@h/My%20DB  ', { host: 'h', database: 'My DB', password: 'p' }],
  ])('%s', (text, expected) => {
    expect(parseConnectionString(text)).toMatchObject({ form: 'url', ...expected })
  })

  it('rejects a bad port without echoing the password', () => {
    const message = failure('postgresql://u:hunter2@h:99999/db')
    expect(message).toContain('not a valid URL')
    expect(message).not.toContain('hunter2')
  })
})

describe('parseConnectionString: keyword form', () => {
  it('reads Npgsql keywords', () => {
    expect(
      parseConnectionString('Host=localhost;Port=5432;Database=library;Username=app;Password=secret;SSL Mode=Require'),
    ).toEqual({
      form: 'keywords',
      scheme: undefined,
      host: 'localhost',
      port: 5432,
      database: 'library',
      user: 'app',
      password: 'secret',
      options: { sslmode: 'Require' },
    })
  })

  it.each([
    [
      'Server=tcp:myserver.database.windows.net,1433;Initial Catalog=db;User ID=sa;Password=pw;Encrypt=True',
      {
        host: 'myserver.database.windows.net',
        port: 1433,
        database: 'db',
        user: 'sa',
        password: 'pw',
        options: { encrypt: 'True' },
      },
    ],
    [
      'Data Source=localhost,1434;Initial Catalog=lib;Integrated Security=true',
      { host: 'localhost', port: 1434, database: 'lib', options: { integratedsecurity: 'true' } },
    ],
    ['Data Source=(localdb)\\MSSQLLocalDB;Database=x', { host: '(localdb)\\MSSQLLocalDB', database: 'x' }],
    ['server=h;uid=u;pwd=p;db=d', { host: 'h', user: 'u', password: 'p', database: 'd' }],
    ['ADDRESS=h;USERID=u;PORT= 3306 ;', { host: 'h', user: 'u', port: 3306 }],
    ['Addr=h;User=u', { host: 'h', user: 'u' }],
    ['Network Address=h;user_id=u', { host: 'h', user: 'u' }],
    ['  Host = h ; Database = d  ', { host: 'h', database: 'd' }],
    ['Host=h1,h2;Port=5433', { host: 'h1,h2', port: 5433 }],
    [
      'Host=h;Port=5432;Application_Name=app;Keepalive-Interval=10',
      { options: { applicationname: 'app', keepaliveinterval: '10' } },
    ],
  ])('%s', (text, expected) => {
    expect(parseConnectionString(text)).toMatchObject({ form: 'keywords', ...expected })
  })

  it('reads quoted values with semicolons and doubled quotes', () => {
    expect(parseConnectionString(`Host=h;Password="a;b""c";Username='o''neil' ;Database=d`)).toMatchObject({
      host: 'h',
      password: 'a;b"c',
      user: "o'neil",
      database: 'd',
    })
  })

  it('accepts an empty string', () => {
    expect(parseConnectionString('')).toEqual({
      form: 'keywords',
      scheme: undefined,
      host: undefined,
      port: undefined,
      database: undefined,
      user: undefined,
      password: undefined,
      options: {},
    })
  })

  it.each([
    ['Host=h;justtext', "part 2 has no '='"],
    ['=x', "part 1 has no key before '='"],
    ['Host=h;Port=abc', 'port "abc" is not valid (allowed: an integer from 1 to 65535)'],
    ['Server=h,0', 'port "0" is not valid'],
    ['Password="unterminated', 'unterminated " quote'],
    ['Password="a"b;Host=h', 'has text after its closing quote'],
  ])('rejects %j', (text, expected) => {
    expect(failure(text)).toContain(expected)
  })

  it('never echoes a password in an error', () => {
    expect(failure('Host=h;Password=top;secret;Port=1')).not.toContain('secret')
    expect(failure('Password="top;secret')).not.toContain('secret')
  })
})

describe('redactConnectionString', () => {
  it.each([
    ['Host=h;Password=secret;Database=d', 'Host=h;Password=***;Database=d'],
    ['Server=h;PWD = "a;b""c";Uid=u', 'Server=h;PWD = ***;Uid=u'],
    ["password='x';host=h", 'password=***;host=h'],
    ['postgresql://app:s3cr%40t@db:5432/lib', 'postgresql://app:***@db:5432/lib'],
    ['postgresql://app:p@ss@db/lib', 'postgresql://app:***@db/lib'],
    [
      'postgresql://db/lib?user=u&password=pw&sslmode=require',
      'postgresql://db/lib?user=u&password=***&sslmode=require',
    ],
    ['postgresql://app@db/lib', 'postgresql://app@db/lib'],
  ])('%s → %s', (text, expected) => {
    expect(redactConnectionString(text)).toBe(expected)
  })
})
