import type { ActionName, EntityModel, FieldModel } from '@sluice/core/protocol'

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
