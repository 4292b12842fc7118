import type { ActionConfig, ConfiguredAction, PermissionConfig } from './runtime-config.js'
import { ACTION_NAMES } from './entity-schema.js'
import { isJsonObject, parseWord, readObject, readString, readStringArray } from './read-config-value.js'

/**
 * `permissions` → `PermissionConfig[]`: `actions: "*"` becomes one `*` action; string items become actions
 * without field or policy restriction; object items keep `fields` (`exclude` defaults to `[]`) and
 * `policy.database`. Invalid items (already reported by the schema) are skipped.
 */
export function normalizePermissions(permissions: unknown): PermissionConfig[] {
  if (!Array.isArray(permissions)) return []
  return permissions.filter(isJsonObject).map((permission) => ({
    role: readString(permission, 'role') ?? '',
    actions: normalizeActions(permission['actions']),
  }))
}

/** The action name of a raw `actions` item (a string or `{action}`), lower-cased; `undefined` when invalid. */
export function readActionName(item: unknown): ConfiguredAction | undefined {
  return parseWord(isJsonObject(item) ? item['action'] : item, ACTION_NAMES)
}

function normalizeActions(actions: unknown): ActionConfig[] {
  if (actions === '*') return [{ action: '*', fields: undefined, policy: undefined }]
  if (!Array.isArray(actions)) return []
  const out: ActionConfig[] = []
  for (const item of actions) {
    const action = readActionName(item)
    if (action === undefined) continue
    if (!isJsonObject(item)) {
      out.push({ action, fields: undefined, policy: undefined })
      continue
    }
    const fields = readObject(item, 'fields')
    out.push({
      action,
      fields:
        fields === undefined
          ? undefined
          : { include: readStringArray(fields, 'include'), exclude: readStringArray(fields, 'exclude') ?? [] },
      policy: readString(readObject(item, 'policy'), 'database'),
    })
  }
  return out
}
