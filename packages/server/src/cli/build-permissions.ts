import { CliError } from './cli-error.js'
import { isJsonObject, type JsonObject } from './config-document.js'
import type { VerbOptions } from './verb-options.js'

const TABLE_ACTIONS = ['create', 'read', 'update', 'delete'] as const
const PROCEDURE_ACTIONS = ['execute'] as const

/** `--permissions "role:act1,act2"` read: the role and its actions (lower-cased, validated for the source type). */
export interface PermissionArgument {
  readonly role: string
  readonly actions: readonly string[]
}

/** What `--fields.include/--fields.exclude` and `--policy-database` add to each action of the permission. */
export interface ActionExtras {
  readonly fields?: JsonObject
  readonly policy?: JsonObject
}

/**
 * Reads `--permissions`: the words split on ':' must give exactly a role and a comma-separated action list
 * (`anonymous:read,update`, or the two words `anonymous read`). Actions are checked as `dab` does: no duplicates,
 * `*` only alone, create/read/update/delete for tables and views, execute (or `*`) alone for stored procedures.
 */
export function readPermissionArgument(options: VerbOptions, isProcedure: boolean): PermissionArgument | undefined {
  const parts = options.list('permissions', ':')
  if (parts === undefined) return undefined
  if (parts.length !== 2)
    throw new CliError('Invalid format for permission. Acceptable format: --permissions "<<role>>:<<actions>>"')
  const [role, list] = parts as [string, string]
  const actions = list.split(',').map((a) => a.trim().toLowerCase())
  if (new Set(actions).size !== actions.length) throw new CliError('Duplicate action found in --permissions')
  if (isProcedure && (actions.length > 1 || !['execute', '*'].includes(actions[0]!))) {
    throw new CliError('Stored Procedure supports only execute operation.')
  }
  const valid: readonly string[] = isProcedure ? PROCEDURE_ACTIONS : TABLE_ACTIONS
  for (const action of actions) {
    if (action !== '*' && !valid.includes(action)) {
      throw new CliError(
        `Invalid ${isProcedure ? 'stored procedure action(s)' : 'actions'} found in --permissions: '${action}' (valid: ${[...valid, '*'].join(', ')})`,
      )
    }
  }
  if (actions.includes('*') && actions.length > 1)
    throw new CliError('WILDCARD(*) along with other CRUD operations in a single operation is not allowed.')
  return { role, actions }
}

/**
 * `--fields.include/--fields.exclude` and `--policy-database` as the `fields` and `policy` of an action. `dab`'s
 * `--policy-request` has no place in the config schema (DAB's own schema rejects `policy.request`), so it is refused
 * rather than written and ignored: a restriction that silently does nothing is worse than an error.
 */
export function readActionExtras(options: VerbOptions): ActionExtras {
  if (options.has('policy-request')) {
    throw new CliError(
      '--policy-request is not supported: the config schema has no request policy (policy.request). Use --policy-database.',
    )
  }
  const include = options.list('fields.include', ',')
  const exclude = options.list('fields.exclude', ',')
  const database = options.string('policy-database')
  const fields =
    include?.length || exclude?.length
      ? { exclude: unique(exclude ?? []), ...(include?.length ? { include: unique(include) } : {}) }
      : undefined
  return { fields, policy: database === undefined ? undefined : { database } }
}

/** A new role's actions, in `dab`'s form: `[{"action": "read"}, …]`, each with the given fields and policy. */
export function createActions(actions: readonly string[], extras: ActionExtras): JsonObject[] {
  return actions.map((action) => ({
    action,
    ...(extras.fields === undefined ? {} : { fields: structuredClone(extras.fields) }),
    ...(extras.policy === undefined ? {} : { policy: structuredClone(extras.policy) }),
  }))
}

/**
 * `dab update --permissions`: a new role is appended; an existing role gets the given actions first (keeping each
 * action's own fields and policy unless new ones are given), then its other actions as they were (`*` expanded to
 * the source type's actions). `role:*` replaces the role's actions; a stored procedure's role is replaced outright.
 */
export function mergePermissions(
  existing: unknown,
  argument: PermissionArgument,
  extras: ActionExtras,
  isProcedure: boolean,
): unknown[] {
  const permissions = Array.isArray(existing) ? [...existing] : []
  const index = permissions.findIndex((p) => isJsonObject(p) && p['role'] === argument.role)
  if (index < 0) return [...permissions, { role: argument.role, actions: createActions(argument.actions, extras) }]
  const current = permissions[index] as JsonObject
  let actions: JsonObject[]
  if (isProcedure) actions = createActions(argument.actions.slice(0, 1), {})
  else if (argument.actions.length === 1 && argument.actions[0] === '*') actions = createActions(['*'], extras)
  else {
    const old = expandActions(current['actions'])
    actions = argument.actions.map((action) => {
      const before = old.get(action)
      return {
        action,
        ...pick('fields', extras.fields ?? before?.['fields']),
        ...pick('policy', extras.policy ?? before?.['policy']),
      }
    })
    for (const [action, entry] of old) if (!argument.actions.includes(action)) actions.push(entry)
  }
  permissions[index] = { ...current, actions }
  return permissions
}

/** A role's actions by name, `*` expanded to create/read/update/delete (Data API builder's expansion). */
function expandActions(raw: unknown): Map<string, JsonObject> {
  const list = raw === '*' ? ['*'] : Array.isArray(raw) ? raw : []
  const byName = new Map<string, JsonObject>()
  for (const item of list) {
    const entry: JsonObject = isJsonObject(item) ? { ...item } : { action: item }
    const name = String(entry['action']).toLowerCase()
    // `*`'s fields and policy go to every action it stands for (DAB drops them, widening access).
    if (name === '*') for (const action of TABLE_ACTIONS) byName.set(action, { ...entry, action })
    else byName.set(name, { ...entry, action: name })
  }
  return byName
}

/** Whether every role of a stored procedure holds only `execute` (or `*`), as `dab update` requires. */
export function hasOnlyExecutePermissions(permissions: unknown): boolean {
  if (!Array.isArray(permissions)) return true
  return permissions.every((p) => {
    if (!isJsonObject(p)) return true
    const actions = p['actions'] === '*' ? ['*'] : Array.isArray(p['actions']) ? p['actions'] : []
    const names = actions.map((a) => String(isJsonObject(a) ? a['action'] : a).toLowerCase())
    return names.length === 1 && ['execute', '*'].includes(names[0]!)
  })
}

function pick(key: string, value: unknown): JsonObject {
  return value === undefined ? {} : { [key]: structuredClone(value) }
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)]
}
