import {
  anyOfSchema,
  booleanSchema,
  integerSchema,
  mapSchema,
  nonEmptyStringSchema,
  objectSchema,
  stringArraySchema,
  stringSchema,
  wordSchema,
  type Schema,
} from './schema-builders.js'

/** JSON Schema of `entities.<name>` (and of the permissions `autoentities` share), per dab.md §1.1. */
export const SOURCE_TYPES = ['table', 'view', 'stored-procedure'] as const
export const ACTION_NAMES = ['create', 'read', 'update', 'delete', 'execute', '*'] as const
export const REST_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
export const CACHE_LEVELS = ['L1', 'L1L2'] as const
export const CHANGE_KINDS = ['created', 'updated', 'deleted'] as const

const parameterDefaultSchema: Schema = { type: ['string', 'number', 'boolean', 'null'] }

const sourceSchema = anyOfSchema(
  nonEmptyStringSchema,
  objectSchema(
    {
      object: nonEmptyStringSchema,
      type: wordSchema(SOURCE_TYPES),
      parameters: anyOfSchema(
        {
          type: 'array',
          items: objectSchema(
            {
              name: nonEmptyStringSchema,
              required: booleanSchema,
              default: parameterDefaultSchema,
              description: stringSchema,
            },
            { required: ['name'] },
          ),
        },
        mapSchema(parameterDefaultSchema),
      ),
      'key-fields': stringArraySchema,
    },
    { required: ['object'] },
  ),
)

const fieldsSchema: Schema = {
  type: 'array',
  items: objectSchema(
    {
      name: nonEmptyStringSchema,
      alias: nonEmptyStringSchema,
      description: stringSchema,
      'primary-key': booleanSchema,
    },
    { required: ['name'] },
  ),
}

const restSchema = anyOfSchema(
  booleanSchema,
  objectSchema({
    enabled: booleanSchema,
    path: stringSchema,
    methods: { type: 'array', items: wordSchema(REST_METHODS) },
  }),
)

const graphqlSchema = anyOfSchema(
  booleanSchema,
  nonEmptyStringSchema,
  objectSchema({
    enabled: booleanSchema,
    type: anyOfSchema(
      nonEmptyStringSchema,
      objectSchema({ singular: nonEmptyStringSchema, plural: nonEmptyStringSchema }, { required: ['singular'] }),
    ),
    operation: wordSchema(['query', 'mutation']),
    subscription: anyOfSchema(
      booleanSchema,
      objectSchema({ enabled: booleanSchema, events: { type: 'array', items: wordSchema(CHANGE_KINDS) } }),
    ),
  }),
)

const actionSchema = anyOfSchema(
  wordSchema(ACTION_NAMES),
  objectSchema(
    {
      action: wordSchema(ACTION_NAMES),
      fields: objectSchema({ include: stringArraySchema, exclude: stringArraySchema }),
      policy: objectSchema({ database: stringSchema }),
    },
    { required: ['action'] },
  ),
)

export const permissionsSchema: Schema = {
  type: 'array',
  items: objectSchema(
    {
      role: nonEmptyStringSchema,
      actions: anyOfSchema({ type: 'string', enum: ['*'] }, { type: 'array', items: actionSchema }),
    },
    { required: ['role', 'actions'] },
  ),
}

const relationshipSchema = objectSchema(
  {
    cardinality: wordSchema(['one', 'many']),
    'target.entity': nonEmptyStringSchema,
    'source.fields': stringArraySchema,
    'target.fields': stringArraySchema,
    'linking.object': nonEmptyStringSchema,
    'linking.source.fields': stringArraySchema,
    'linking.target.fields': stringArraySchema,
  },
  { required: ['cardinality', 'target.entity'] },
)

export const cacheLevelSchema = wordSchema(CACHE_LEVELS, { nullable: true })

export const entitySchema = objectSchema(
  {
    description: stringSchema,
    source: sourceSchema,
    fields: fieldsSchema,
    mappings: mapSchema(stringSchema),
    rest: restSchema,
    graphql: graphqlSchema,
    permissions: permissionsSchema,
    relationships: mapSchema(relationshipSchema),
    cache: objectSchema({
      enabled: booleanSchema,
      'ttl-seconds': integerSchema({ minimum: 1 }),
      level: cacheLevelSchema,
    }),
    health: objectSchema(
      {
        enabled: booleanSchema,
        first: integerSchema({ minimum: 1, maximum: 500 }),
        'threshold-ms': integerSchema({ minimum: 1, maximum: 2147483647 }),
      },
      { nullable: true },
    ),
    mcp: anyOfSchema(booleanSchema, objectSchema({ 'dml-tools': booleanSchema, 'custom-tool': booleanSchema })),
  },
  { required: ['source', 'permissions'] },
)
