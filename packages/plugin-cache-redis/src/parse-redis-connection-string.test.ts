import { describe, expect, it } from 'vitest'
import { parseRedisConnectionString, redact } from './parse-redis-connection-string.js'

describe('parseRedisConnectionString', () => {
  it("reads StackExchange.Redis's configuration strings, as Data API builder users write them", () => {
    const parsed = parseRedisConnectionString(
      'contoso.redis.cache.windows.net:6380,password=s3cret,ssl=True,abortConnect=False',
    )
    expect(parsed.endpoint).toEqual({
      host: 'contoso.redis.cache.windows.net',
      port: 6380,
      username: undefined,
      password: 's3cret',
      db: undefined,
      tls: { servername: undefined },
      clientName: undefined,
      connectTimeoutMs: undefined,
      commandTimeoutMs: undefined,
    })
    expect(parsed.ignored).toEqual([])
    expect(parseRedisConnectionString('localhost').endpoint).toMatchObject({
      host: 'localhost',
      port: 6379,
      tls: undefined,
    })
    expect(
      parseRedisConnectionString(
        'cache:7000,user=app,password=p,defaultDatabase=2,name=sluice,connectTimeout=1500,syncTimeout=800',
      ).endpoint,
    ).toMatchObject({
      host: 'cache',
      port: 7000,
      username: 'app',
      password: 'p',
      db: 2,
      clientName: 'sluice',
      connectTimeoutMs: 1500,
      commandTimeoutMs: 800,
    })
    expect(parseRedisConnectionString('[::1]:6390').endpoint).toMatchObject({ host: '::1', port: 6390 })
  })

  it('reads redis:// and rediss:// URLs', () => {
    expect(parseRedisConnectionString('redis://127.0.0.1:6379').endpoint).toMatchObject({
      host: '127.0.0.1',
      port: 6379,
      tls: undefined,
    })
    expect(parseRedisConnectionString('rediss://user:p%40ss@cache.example/3').endpoint).toMatchObject({
      host: 'cache.example',
      port: 6380,
      username: 'user',
      password: 'p@ss',
      db: 3,
      tls: { servername: undefined },
    })
  })

  it('names what it does not use, and refuses strings without an endpoint', () => {
    expect(parseRedisConnectionString('a:1,b:2,serviceName=mymaster').ignored).toEqual([
      'endpoints after the first (b:2): Sluice connects to a:1 only',
      'option servicename',
    ])
    expect(() => parseRedisConnectionString('  ')).toThrow('the connection string is empty')
    expect(() => parseRedisConnectionString('password=x')).toThrow('names no host')
    expect(() => parseRedisConnectionString('h:port')).toThrow('port "port" is not a whole number')
    expect(() => parseRedisConnectionString('h,ssl=maybe')).toThrow('ssl=maybe is not true or false')
  })

  it('hides passwords in messages', () => {
    expect(redact('h:1,password=s3cret,ssl=true')).toBe('h:1,password=***,ssl=true')
    expect(redact('redis://u:s3cret@h:1')).toBe('redis://u:***@h:1')
  })
})
