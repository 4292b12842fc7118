import type { ActionName, EntityModel, FieldModel } from '@sluice/core'

/**
 * The fields of `entity` that at least one configured role may use for `action`, in database order, or `undefined`
 * when no role may perform the action. The schema is one document for every role (as in Data API builder), so it
 * shows what some role can do; core still checks each request against the caller's own role.
 */
export function visibleFields(entity: EntityModel, action: ActionName): readonly FieldModel[] | undefined {
  const names = new Set<string>()
  let allowed = false
  for (const role of entity.permissions.roles) {
    const permission = entity.permissions.resolve(role, action)
    if (permission === undefined) continue
    allowed = true
    for (const name of permission.fields) names.add(name)
  }
  return allowed ? entity.fields.filter((f) => names.has(f.name)) : undefined
}

/**
 * The fields some role may change with `update{T}`. It runs through REST PATCH's plan (with `If-Match: *`), which
 * needs both `update` and `create` (SPEC §REST paths) and a body that fits both; so only roles holding both count,
 * with the fields both actions permit.
 */
export function visibleUpdateFields(entity: EntityModel): readonly FieldModel[] | undefined {
  const names = new Set<string>()
  let allowed = false
  for (const role of entity.permissions.roles) {
    const update = entity.permissions.resolve(role, 'update')
    const create = entity.permissions.resolve(role, 'create')
    if (update === undefined || create === undefined) continue
    allowed = true
    for (const name of update.fields) if (create.fields.has(name)) names.add(name)
  }
  return allowed ? entity.fields.filter((f) => names.has(f.name)) : undefined
}
