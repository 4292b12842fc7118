import { describe, expect, it } from 'vitest'
import { buildSessionContext } from './build-session-context.js'

const principal = (claims: Record<string, unknown>) => ({ authenticated: true, roles: ['author'], claims })

describe('buildSessionContext', () => {
  it('sets one session key per claim, roles as the effective role, arrays and numbers as text', () => {
    const batch = buildSessionContext(
      principal({ oid: 'abc', groups: ['a', 'b'], age: 42, roles: ['author', 'reader'] }),
      'author',
      new Set(),
    )
    expect(batch.sql).toBe(
      'EXEC sp_set_session_context @sluice_k0, @sluice_v0, @read_only = 0; EXEC sp_set_session_context @sluice_k1, @sluice_v1, @read_only = 0; ' +
        'EXEC sp_set_session_context @sluice_k2, @sluice_v2, @read_only = 0; EXEC sp_set_session_context @sluice_k3, @sluice_v3, @read_only = 0; ',
    )
    expect(batch.parameters).toEqual([
      ['oid', 'abc'],
      ['groups', '["a","b"]'],
      ['age', '42'],
      ['roles', 'author'],
    ])
  })

  it('clears keys an earlier caller left on the pooled session', () => {
    const batch = buildSessionContext(
      { authenticated: false, roles: [], claims: {} },
      'anonymous',
      new Set(['oid', 'roles']),
    )
    expect(batch.parameters).toEqual([
      ['roles', 'anonymous'],
      ['oid', null],
    ])
    expect([...batch.keys]).toEqual(['roles', 'oid'])
  })

  it('leaves out claims SQL Server cannot hold: empty or over-long names, values over 4000 characters, nulls', () => {
    const batch = buildSessionContext(
      principal({ ['k'.repeat(129)]: 'x', big: 'v'.repeat(4001), none: null, ok: 'y' }),
      undefined,
      new Set(),
    )
    expect(batch.parameters).toEqual([['ok', 'y']])
  })
})
