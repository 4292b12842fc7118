import { context, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api'
import type { DataSourceConfig, OperationKind, OperationRequest, PipelineHooks, RequestContext } from '@sluice/core'

/** Data API builder's `DatabaseType` names for `data-source.type`. */
const DATABASE_TYPES: Readonly<Record<string, string>> = {
  postgresql: 'PostgreSQL',
  pglite: 'PGlite',
  mysql: 'MySQL',
  mssql: 'MSSQL',
}

/** Data API builder's `action.type` (its `EntityActionOperation` names) for each operation. */
const ACTION_TYPES: Readonly<Record<OperationKind, string>> = {
  read: 'Read',
  create: 'Insert',
  replace: 'Upsert',
  merge: 'UpsertIncremental',
  update: 'Update',
  delete: 'Delete',
  execute: 'Execute',
}

interface PlanSource {
  readonly kind: string
  readonly dataSource?: string | undefined
  readonly update?: { readonly dataSource?: string | undefined }
  readonly procedure?: { readonly schema: string | undefined; readonly name: string }
}

/**
 * Pipeline hooks that trace the database work: parse tags the request span with the effective role, the entity and
 * the action (the transport only saw the `X-MS-API-ROLE` header); execute runs inside a `QUERY {entity}` span with
 * `data-source.type` and `data-source.name` of the source the plan runs on (and `db.procedure` for a stored
 * procedure), ended with the error when the statement fails. Registered only while telemetry is on, so the pipeline
 * keeps its hook-free path otherwise.
 */
export function createQuerySpanHooks(
  tracer: Tracer,
  sources: ReadonlyMap<string, DataSourceConfig>,
  defaultSource: DataSourceConfig,
): PipelineHooks {
  const describe = (source: DataSourceConfig) => {
    const type = DATABASE_TYPES[source.databaseType] ?? source.databaseType
    return { 'data-source.type': type, 'data-source.name': source.health.name ?? source.name }
  }
  const described = new Map([...sources].map(([name, source]) => [name, describe(source)]))
  const fallback = describe(defaultSource)
  const entities = new WeakMap<RequestContext, OperationRequest>()
  return {
    name: '@sluice/plugin-telemetry',
    onParse({ input, context: request }) {
      entities.set(request, input)
      trace.getSpan(context.active())?.setAttributes({
        'user.role': request.role,
        'action.type': ACTION_TYPES[input.operation],
        'dab.entity': input.entity,
        'dab.operation': input.operation,
      })
    },
    onExecute({ input, context: request }) {
      const operation = entities.get(request)
      const plan = input as PlanSource
      const sourceName = plan.dataSource ?? plan.update?.dataSource
      const procedure =
        plan.kind === 'execute' && plan.procedure !== undefined
          ? {
              'db.procedure':
                plan.procedure.schema === undefined
                  ? plan.procedure.name
                  : `${plan.procedure.schema}.${plan.procedure.name}`,
            }
          : {}
      const span = tracer.startSpan(
        `QUERY ${operation?.entity ?? ''}`.trimEnd(),
        {
          attributes: {
            ...((sourceName === undefined ? undefined : described.get(sourceName)) ?? fallback),
            ...(operation === undefined
              ? {}
              : { 'dab.entity': operation.entity, 'dab.operation': operation.operation }),
            ...procedure,
          },
        },
        context.active(),
      )
      return {
        after: () => span.end(),
        onError: ({ error }) => {
          const { code, message } = error as { code?: unknown; message?: unknown }
          span.setStatus({ code: SpanStatusCode.ERROR, message: typeof message === 'string' ? message : undefined })
          span.setAttributes({
            'error.type': typeof code === 'string' ? code : 'Error',
            'error.message': typeof message === 'string' ? message : String(error),
          })
          span.end()
        },
      }
    },
  }
}
