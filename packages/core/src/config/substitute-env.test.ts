import { describe, expect, it } from 'vitest'
import { formatConfigProblem } from './config-report.js'
import { substituteEnv } from './substitute-env.js'

describe('substituteEnv', () => {
  it('replaces a whole-value reference', () => {
    expect(substituteEnv({ a: "@env('A')" }, { A: 'alpha' }).value).toEqual({ a: 'alpha' })
  })

  it('replaces references embedded in a string, several per string', () => {
    const { value } = substituteEnv({ c: 'Host=@env(\'H\');Port=@env("P");User=u' }, { H: 'db', P: '5432' })
    expect(value).toEqual({ c: 'Host=db;Port=5432;User=u' })
  })

  it('tolerates spaces inside the parentheses', () => {
    expect(substituteEnv("@env( 'A' )", { A: 'x' }).value).toBe('x')
  })

  it('substitutes in every string of arrays and nested objects, never in keys', () => {
    const { value } = substituteEnv({ "@env('K')": [1, true, null, { deep: ["x@env('A')y"] }] }, { A: '-', K: 'key' })
    expect(value).toEqual({ "@env('K')": [1, true, null, { deep: ['x-y'] }] })
  })

  it('inserts values as they are, without re-scanning them', () => {
    expect(substituteEnv("@env('A')", { A: "@env('B')", B: 'no' }).value).toBe("@env('B')")
  })

  it('treats an empty variable as set', () => {
    expect(substituteEnv("@env('A')", { A: '' })).toEqual({ value: '', problems: [], unresolved: [] })
  })

  it('leaves every missing variable in place as written and lists it with its name and path', () => {
    const { value, problems, unresolved } = substituteEnv(
      { s: { 'connection-string': "@env('X');@env('Y')" }, list: ["@env('Z')"] },
      { Y: 'y' },
    )
    expect(value).toEqual({ s: { 'connection-string': "@env('X');y" }, list: ["@env('Z')"] })
    expect(problems).toEqual([])
    expect(unresolved).toEqual([
      { path: ['s', 'connection-string'], kind: 'env', name: 'X', reference: "@env('X')" },
      { path: ['list', 0], kind: 'env', name: 'Z', reference: "@env('Z')" },
    ])
  })

  it('leaves @akv references in place as written (there is no Key Vault client)', () => {
    const { value, unresolved } = substituteEnv({ secret: "@akv('db-password')" }, {})
    expect(value).toEqual({ secret: "@akv('db-password')" })
    expect(unresolved).toEqual([
      { path: ['secret'], kind: 'akv', name: 'db-password', reference: "@akv('db-password')" },
    ])
  })

  it('reports an empty variable name', () => {
    expect(substituteEnv({ a: "@env('')" }, {}).problems.map(formatConfigProblem)).toEqual([
      "a: @env(''): the environment variable name is empty",
    ])
  })

  it('keeps a __proto__ key an ordinary key', () => {
    const json: unknown = JSON.parse('{"__proto__": {"x": "@env(\'A\')"}}')
    const value = substituteEnv(json, { A: 'a' }).value as Record<string, unknown>
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ x: 'a' })
  })
})
