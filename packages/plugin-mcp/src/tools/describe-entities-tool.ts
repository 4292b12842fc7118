import type { ActionName, EntityModel, FieldModel, RequestContext, ServiceModel } from '@sluice/core/protocol'
import type { McpTool, ToolHost } from '../mcp-tool.js'
import { optionalBoolean, optionalStringArray, type ToolArguments } from '../read-arguments.js'
import { McpToolError, successResult, type ToolResult } from '../tool-result.js'

const RECORD_ACTIONS: readonly ActionName[] = ['create', 'delete', 'read', 'update']

/**
 * `describe_entities`: the entities the caller's role may use (entities with `mcp.dml-tools: false` are hidden),
 * sorted by name, each with its description, the fields the role may use, its key, the relationships `read_records`
 * may expand (those whose target the role may read), stored procedure parameters and the role's permissions
 * (`CREATE`, `DELETE`, `READ`, `UPDATE` or `EXECUTE`).
 */
export function describeEntitiesTool(host: ToolHost): McpTool {
  const entities = [...host.model.entities.values()]
    .filter((e) => e.config.mcp.dmlTools)
    .sort((a, b) => compare(a.name, b.name))
  return {
    name: 'describe_entities',
    description:
      'Lists the entities you may use, with their fields, keys, parameters and permissions. ALWAYS CALL FIRST. ' +
      'The permissions array says which tools apply: READ → read_records (and aggregate_records), CREATE → create_record, ' +
      'UPDATE → update_record, DELETE → delete_record, EXECUTE → execute_entity.',
    inputSchema: {
      type: 'object',
      properties: {
        nameOnly: {
          type: 'boolean',
          description:
            'If true, return only entity names and descriptions (a light first look when there are many entities); ' +
            'then call again with entities[] for full metadata.',
        },
        entities: {
          type: 'array',
          items: { type: 'string' },
          description: 'Entity names to describe in full (default: all).',
        },
      },
    },
    async call(args: ToolArguments, context: RequestContext): Promise<ToolResult> {
      const nameOnly = optionalBoolean(args, 'nameOnly') ?? false
      const wanted = optionalStringArray(args, 'entities')
      const wantedSet = wanted === undefined || wanted.length === 0 ? undefined : new Set(wanted)
      const list: Record<string, unknown>[] = []
      for (const entity of entities) {
        if (wantedSet !== undefined && !wantedSet.has(entity.name)) continue
        const permissions = permissionsOf(entity, context.role)
        if (permissions.length === 0) continue
        list.push(
          nameOnly
            ? { name: entity.name, description: entity.description ?? '' }
            : describe(entity, context.role, permissions, host.model),
        )
      }
      if (list.length === 0 && wantedSet !== undefined) {
        throw new McpToolError(
          'EntitiesNotFound',
          `No entities found matching the filter: ${[...wantedSet].join(', ')}`,
        )
      }
      return successResult({ entities: list, count: list.length })
    },
  }
}

function describe(
  entity: EntityModel,
  role: string,
  permissions: readonly string[],
  model: ServiceModel,
): Record<string, unknown> {
  const info: Record<string, unknown> = {
    name: entity.name,
    description: entity.description ?? '',
    type: entity.kind,
    fields: visibleFields(entity, role).map(describeField),
  }
  if (entity.kind === 'stored-procedure') {
    info['parameters'] = (entity.procedure?.parameters ?? []).map((p) => ({
      name: p.name,
      type: p.type,
      required: p.required,
      default: p.default ?? null,
      description: p.description ?? '',
    }))
  } else {
    info['keys'] = entity.keyFields.map((f) => f.name)
    const relationships = expandable(entity, role, model)
    if (relationships.length > 0) info['relationships'] = relationships
  }
  info['permissions'] = permissions
  return info
}

/** Relationships `read_records`' `expand` can name for this role: the target must be readable. */
function expandable(entity: EntityModel, role: string, model: ServiceModel): Record<string, unknown>[] {
  if (entity.permissions.resolve(role, 'read') === undefined) return []
  return [...entity.relationships.values()]
    .filter((r) => model.entities.get(r.target)?.permissions.resolve(role, 'read') !== undefined)
    .map((r) => ({ name: r.name, target: r.target, cardinality: r.cardinality }))
}

function describeField(field: FieldModel): Record<string, unknown> {
  return { name: field.name, type: field.type, description: field.description ?? '' }
}

/** Upper-case action names the role holds on the entity, sorted (Data API builder's `permissions` array). */
function permissionsOf(entity: EntityModel, role: string): string[] {
  if (entity.kind === 'stored-procedure')
    return entity.permissions.resolve(role, 'execute') === undefined ? [] : ['EXECUTE']
  return RECORD_ACTIONS.filter((action) => entity.permissions.resolve(role, action) !== undefined).map((a) =>
    a.toUpperCase(),
  )
}

/** Fields any of the role's actions may see or write, in database order. */
function visibleFields(entity: EntityModel, role: string): FieldModel[] {
  const names = new Set<string>()
  for (const action of entity.kind === 'stored-procedure' ? (['execute'] as const) : RECORD_ACTIONS) {
    const permission = entity.permissions.resolve(role, action)
    if (permission !== undefined) for (const name of permission.fields) names.add(name)
  }
  return entity.fields.filter((f) => names.has(f.name))
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
