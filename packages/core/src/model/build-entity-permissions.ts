import type { ActionConfig, ActionName, EntityConfig } from '../config/runtime-config.js'
import { collectFilterFields, type FilterNode } from '../filter/filter-node.js'
import { parseFilterExpression } from '../filter/filter-expression/parse-filter-expression.js'
import { didYouMean } from '../util/did-you-mean.js'
import { createPermissionTable } from './create-permission-table.js'
import { renameFilterFields } from './rename-filter-fields.js'
import type { ActionPermission, FieldModel, PermissionTable } from './service-model.js'

const TABLE_ACTIONS: readonly ActionName[] = ['create', 'read', 'update', 'delete']

/**
 * Expands an entity's permissions once, at start-up: `*` per source type, `fields.include` minus
 * `fields.exclude` (names may be API names or, as Data API builder writes them, column names), and parsed policies
 * whose `@item` fields are checked against the action's fields.
 */
export function buildEntityPermissions(
  entity: EntityConfig,
  fieldsByName: ReadonlyMap<string, FieldModel>,
  byColumn: ReadonlyMap<string, FieldModel>,
  report: (message: string) => void,
  warn: (message: string) => void,
): PermissionTable {
  const resolveName = (name: string): FieldModel | undefined => fieldsByName.get(name) ?? byColumn.get(name)
  const byRole = new Map<string, Map<ActionName, ActionPermission>>()
  entity.permissions.forEach((permission, p) => {
    const actions = new Map<ActionName, ActionPermission>()
    permission.actions.forEach((action, a) => {
      const where = `permissions[${p}].actions[${a}]`
      const names = expand(action.action, entity.source.type === 'stored-procedure')
      const fields = permittedFields(action, fieldsByName, resolveName, (m) => report(`${where}.fields: ${m}`))
      const policyWhere = `${where}.policy.database`
      const parsed =
        action.policy === undefined
          ? undefined
          : parsePolicy(action.policy, fields, resolveName, (m) => report(`${policyWhere}: ${m}`))
      const policyProblem = parsed?.ok === false ? parsed.message : undefined
      if (policyProblem !== undefined) {
        warn(`${policyWhere}: ${policyProblem} Requests that need this permission are refused (403) until it is fixed.`)
      }
      const policy = parsed?.ok === true ? parsed.node : undefined
      const fieldList = [...fieldsByName.values()].filter((f) => fields.has(f.name))
      for (const name of names)
        actions.set(name, { action: name, fields, fieldList, policy, policyText: action.policy, policyProblem })
    })
    byRole.set(permission.role, actions)
  })
  return createPermissionTable(byRole)
}

function expand(action: ActionConfig['action'], procedure: boolean): readonly ActionName[] {
  if (action !== '*') return [action]
  return procedure ? ['execute'] : TABLE_ACTIONS
}

function permittedFields(
  action: ActionConfig,
  fieldsByName: ReadonlyMap<string, FieldModel>,
  resolveName: (name: string) => FieldModel | undefined,
  report: (message: string) => void,
): ReadonlySet<string> {
  const all = [...fieldsByName.keys()]
  const resolveAll = (names: readonly string[] | undefined, fallback: readonly string[]): string[] => {
    if (names === undefined) return [...fallback]
    if (names.length === 1 && names[0] === '*') return all
    const out: string[] = []
    for (const name of names) {
      const field = resolveName(name)
      if (field === undefined) report(`'${name}' is not a field of this entity.${didYouMean(name, all)}`)
      else out.push(field.name)
    }
    return out
  }
  const include = new Set(resolveAll(action.fields?.include, all))
  for (const name of resolveAll(action.fields?.exclude, [])) include.delete(name)
  return include
}

/**
 * A policy as a filter over API names. A syntax error is returned, not reported: Data API builder accepts such a
 * policy at start-up and rejects it per request. Fields it names must exist and be permitted (DAB checks that at
 * start-up too); those are problems.
 */
function parsePolicy(
  text: string,
  fields: ReadonlySet<string>,
  resolveName: (name: string) => FieldModel | undefined,
  report: (message: string) => void,
): { ok: true; node: FilterNode | undefined } | { ok: false; message: string } {
  const parsed = parseFilterExpression(text, { mode: 'policy' })
  if (!parsed.ok) return { ok: false, message: parsed.message }
  let valid = true
  const renames = new Map<string, string>()
  for (const name of collectFilterFields(parsed.node)) {
    const field = resolveName(name)
    if (field === undefined) {
      report(`@item.${name} is not a field of this entity.`)
      valid = false
    } else if (!fields.has(field.name)) {
      report(`@item.${name} is not among the fields this action may access; a policy may only use permitted fields.`)
      valid = false
    } else {
      renames.set(name, field.name)
    }
  }
  return { ok: true, node: valid ? renameFilterFields(parsed.node, renames) : undefined }
}
