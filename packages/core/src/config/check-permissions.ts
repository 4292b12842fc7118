import type { SourceType } from './runtime-config.js'
import type { ConfigReport } from './config-report.js'
import { formatConfigValue, type ConfigPath } from './format-config-path.js'
import { readActionName } from './normalize-permissions.js'
import { isJsonObject } from './read-config-value.js'

const TABLE_ACTIONS = ['create', 'read', 'update', 'delete', '*']
const PROCEDURE_ACTIONS = ['execute', '*']

/**
 * Semantic checks of one entity's raw `permissions` (the schema has checked the shapes): a role listed twice
 * (role names compare case-insensitively), an action listed twice in a role, actions the source type does not
 * support, and `*` mixed with names in `fields.include` / `fields.exclude`.
 */
export function checkPermissions(permissions: unknown, type: SourceType, path: ConfigPath, report: ConfigReport): void {
  if (!Array.isArray(permissions)) return
  const roles = new Map<string, number>()
  permissions.forEach((permission, i) => {
    if (!isJsonObject(permission)) return
    const role = permission['role']
    if (typeof role === 'string') {
      const first = roles.get(role.toLowerCase())
      if (first === undefined) roles.set(role.toLowerCase(), i)
      else
        report.addProblem(
          [...path, i, 'role'],
          `role '${role}' is listed twice (first at permissions[${first}]); merge its actions into one entry`,
        )
    }
    checkActions(permission['actions'], type, typeof role === 'string' ? role : '?', [...path, i, 'actions'], report)
  })
}

function checkActions(actions: unknown, type: SourceType, role: string, path: ConfigPath, report: ConfigReport): void {
  if (!Array.isArray(actions)) return
  const seen = new Map<string, number>()
  actions.forEach((item, j) => {
    const action = readActionName(item)
    if (action === undefined) return
    const itemPath = [...path, j]
    if (type === 'stored-procedure' && !PROCEDURE_ACTIONS.includes(action)) {
      report.addProblem(
        itemPath,
        `'${action}' is not allowed (allowed: ${PROCEDURE_ACTIONS.join(', ')}). Stored procedures can only be configured with the 'execute' action.`,
      )
    } else if (type !== 'stored-procedure' && !TABLE_ACTIONS.includes(action)) {
      report.addProblem(
        itemPath,
        `'${action}' is not allowed for a ${type} (allowed: ${TABLE_ACTIONS.join(', ')}). Only stored procedures can be configured with the 'execute' action.`,
      )
    }
    const first = seen.get(action)
    if (first === undefined) seen.set(action, j)
    else
      report.addProblem(itemPath, `action '${action}' is listed twice for role '${role}' (first at actions[${first}])`)
    if (isJsonObject(item) && isJsonObject(item['fields']))
      checkFieldLists(item['fields'], [...itemPath, 'fields'], report)
  })
}

function checkFieldLists(fields: Record<string, unknown>, path: ConfigPath, report: ConfigReport): void {
  for (const list of ['include', 'exclude']) {
    const names = fields[list]
    if (Array.isArray(names) && names.length > 1 && names.includes('*')) {
      report.addProblem(
        [...path, list],
        `${formatConfigValue(names)}: '*' must be the only item when it is used (allowed: ["*"] or a list of field names)`,
      )
    }
  }
}
