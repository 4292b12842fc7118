import type { EntityModel, ServiceModel } from '@sluice/core/protocol'
import type { ComponentNames } from './component-names.js'
import { ref, type Parameter, type Reference, type Schema } from './openapi-types.js'
import { recordSchema } from './record-schema.js'

/** One relationship a role may expand: the target must be readable by it (core answers 403 otherwise). */
export interface ExpandableRelationship {
  readonly name: string
  readonly many: boolean
  readonly target: string
  /** The target's records as the role reads them: its component, or (REST off on the target) an inline schema. */
  readonly schema: Schema | Reference
}

/** The relationships of `entity` that `role` may expand, in config order. */
export function buildExpandable(
  entity: EntityModel,
  model: ServiceModel,
  role: string,
  names: ComponentNames,
): ExpandableRelationship[] {
  const out: ExpandableRelationship[] = []
  for (const relationship of entity.relationships.values()) {
    const target = model.entities.get(relationship.target)
    const read = target?.permissions.resolve(role, 'read')
    if (target === undefined || read === undefined) continue
    const schema = target.rest.enabled
      ? ref('schemas', names.of(target.name))
      : recordSchema(
          target.fields.filter((f) => read.fields.has(f.name)),
          { description: `${target.name}, as this role may read it.`, closed: false },
        )
    out.push({ name: relationship.name, many: relationship.cardinality === 'many', target: target.name, schema })
  }
  return out
}

/** The properties an expanded record gains: `<one>` (object or null), `<many>` (array), `<many>@count`, `<many>@nextLink`. */
export function expandedProperties(expandable: readonly ExpandableRelationship[]): Record<string, Schema | Reference> {
  const properties: Record<string, Schema | Reference> = {}
  for (const r of expandable) {
    if (!r.many) {
      properties[r.name] = {
        ...asNullable(r.schema),
        description: `With $expand=${r.name}: the related ${r.target} record, or null.`,
      }
      continue
    }
    properties[r.name] = {
      type: 'array',
      items: r.schema,
      description: `With $expand=${r.name}: up to $first (default: the default page size) related ${r.target} records.`,
    }
    properties[`${r.name}@count`] = {
      type: 'integer',
      format: 'int64',
      description: `With $expand=${r.name}($count=true): every related ${r.target} record matching its $filter.`,
    }
    properties[`${r.name}@nextLink`] = {
      type: 'string',
      description: `When more related ${r.target} records exist: the URL that reads the next ones.`,
    }
  }
  return properties
}

/**
 * A `$expand` parameter naming the relationships this entity offers the role. Its example sits in the description, not
 * in `example`: Swagger UI fills an example into "Try it out", and a plain read must not expand unasked.
 */
export function expandParameter(entity: EntityModel, expandable: readonly ExpandableRelationship[]): Parameter {
  const list = expandable.map((r) => `\`${r.name}\` (${r.many ? `many ${r.target}` : `one ${r.target}`})`).join(', ')
  const example = expandable.map((r) => (r.many ? `${r.name}($first=5)` : r.name)).join(',')
  return {
    name: '$expand',
    in: 'query',
    required: false,
    schema: { type: 'string' },
    description:
      `Related records to nest into each ${entity.name} record: ${list}. Nested options in parentheses, separated by ` +
      `\`;\`: \`$select\`, \`$filter\`, \`$orderby\`, \`$first\`, \`$after\`, \`$count\`, \`$expand\`. For example: \`${example}\`.`,
  }
}

/**
 * A reference cannot carry `nullable` in OpenAPI 3.0: it is wrapped in `allOf` for that, with `type` beside
 * `nullable` (3.0.3 gives `nullable` meaning only next to `type`; generators read the wrapper as `Target | null`).
 */
function asNullable(schema: Schema | Reference): Schema {
  return '$ref' in schema ? { type: 'object', allOf: [schema], nullable: true } : { ...schema, nullable: true }
}
