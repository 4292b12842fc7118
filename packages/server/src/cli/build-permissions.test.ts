import { describe, expect, it } from 'vitest'
import { mergePermissions } from './build-permissions.js'

const read = { role: 'anonymous', actions: [{ action: 'read' }] }

describe('mergePermissions (dab update --permissions)', () => {
  it('appends a new role with the given actions, fields and policy', () => {
    const merged = mergePermissions(
      [read],
      { role: 'editor', actions: ['create', 'update'] },
      { policy: { database: '@item.id gt 1' } },
      false,
    )
    expect(merged).toEqual([
      read,
      {
        role: 'editor',
        actions: [
          { action: 'create', policy: { database: '@item.id gt 1' } },
          { action: 'update', policy: { database: '@item.id gt 1' } },
        ],
      },
    ])
  })

  it("puts the given actions first, keeps each one its own policy, then the role's other actions", () => {
    const role = {
      role: 'editor',
      actions: [{ action: 'create' }, { action: 'read', policy: { database: '@item.a eq 1' } }],
    }
    const merged = mergePermissions([role], { role: 'editor', actions: ['update', 'read'] }, {}, false)
    expect(merged).toEqual([
      {
        role: 'editor',
        actions: [{ action: 'update' }, { action: 'read', policy: { database: '@item.a eq 1' } }, { action: 'create' }],
      },
    ])
  })

  it('expands * into the four actions, carrying its fields and policy to each', () => {
    const role = { role: 'editor', actions: [{ action: '*', policy: { database: '@item.owner eq @claims.sub' } }] }
    const merged = mergePermissions(
      [role],
      { role: 'editor', actions: ['read'] },
      { fields: { exclude: ['secret'] } },
      false,
    ) as Array<{ actions: unknown[] }>
    expect(merged[0]!.actions).toEqual([
      { action: 'read', fields: { exclude: ['secret'] }, policy: { database: '@item.owner eq @claims.sub' } },
      { action: 'create', policy: { database: '@item.owner eq @claims.sub' } },
      { action: 'update', policy: { database: '@item.owner eq @claims.sub' } },
      { action: 'delete', policy: { database: '@item.owner eq @claims.sub' } },
    ])
  })

  it("replaces the role with role:* and a stored procedure's role outright", () => {
    const role = { role: 'editor', actions: [{ action: 'read' }] }
    expect(mergePermissions([role], { role: 'editor', actions: ['*'] }, {}, false)).toEqual([
      { role: 'editor', actions: [{ action: '*' }] },
    ])
    expect(mergePermissions([{ role: 'x', actions: ['*'] }], { role: 'x', actions: ['execute'] }, {}, true)).toEqual([
      { role: 'x', actions: [{ action: 'execute' }] },
    ])
  })
})
