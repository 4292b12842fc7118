import { describe, expect, it } from 'vitest'
import type { ActionName } from '../config/runtime-config.js'
import { createPermissionTable } from './create-permission-table.js'
import type { ActionPermission } from './service-model.js'

const allow = (...actions: ActionName[]): Map<ActionName, ActionPermission> =>
  new Map(
    actions.map((action) => [
      action,
      { action, fields: new Set(), fieldList: [], policy: undefined, policyText: undefined, policyProblem: undefined },
    ]),
  )

describe('createPermissionTable', () => {
  it('lets a configured role use exactly its own actions', () => {
    const table = createPermissionTable(
      new Map([
        ['anonymous', allow('read')],
        ['Editor', allow('update')],
      ]),
    )
    expect(table.resolve('editor', 'update')).toBeDefined()
    expect(table.resolve('EDITOR', 'read')).toBeUndefined()
  })

  it('lets authenticated inherit anonymous, and unconfigured named roles fall back to authenticated', () => {
    const onlyAnonymous = createPermissionTable(new Map([['anonymous', allow('read')]]))
    expect(onlyAnonymous.resolve('authenticated', 'read')?.action).toBe('read')
    expect(onlyAnonymous.resolve('someone', 'read')?.action).toBe('read')
    const both = createPermissionTable(
      new Map([
        ['anonymous', allow('read')],
        ['authenticated', allow('create')],
      ]),
    )
    expect(both.resolve('someone', 'create')?.action).toBe('create')
    expect(both.resolve('someone', 'read')).toBeUndefined()
  })

  it('gives anonymous nothing it was not granted', () => {
    const table = createPermissionTable(new Map([['authenticated', allow('read')]]))
    expect(table.resolve('anonymous', 'read')).toBeUndefined()
  })
})
