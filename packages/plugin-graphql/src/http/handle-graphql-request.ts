import { envelop, useEngine, useSchema, useValidationRule, type Plugin } from '@envelop/core'
import {
  execute,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  parse,
  specifiedRules,
  subscribe,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql'
import { stringify as stringifyLossless } from 'lossless-json'
import {
  SluiceError,
  type ErrorCode,
  type HttpRequest,
  type HttpResponse,
  type ProtocolHost,
  type RequestContext,
} from '@sluice/core/protocol'
import type { GraphQLContext } from '../resolve/graphql-context.js'
import { depthLimitRule } from '../validation/depth-limit-rule.js'
import { noIntrospectionRule } from '../validation/no-introspection-rule.js'
import { useDocumentCache } from '../envelop/use-document-cache.js'
import { FastQueryCache } from '../fast/fast-query-cache.js'
import { streamedRoot, writeFastAnswer } from '../fast/write-fast-answer.js'
import { fragmentsOf } from '../resolve/collect-fields.js'
import type { DocumentScope } from '../resolve/root-plan.js'
import { formatError, type FormattedError } from './format-errors.js'
import { readGraphQLParams } from './read-graphql-params.js'
import { countRootFields } from './count-root-fields.js'
import { isBudgetError, planDocument, runDocument } from './run-document.js'

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' } as const
const DOCUMENT_CACHE_SIZE = 1000
/**
 * Tokens a document may have: a document of 200 root fields with a dozen fields each is about 4,000; a generated
 * bomb of 25,000 aliased fields is 275,000 and took 0.9 s to parse and 0.5 s to validate before any bound could see it.
 */
const MAX_DOCUMENT_TOKENS = 50_000

export interface GraphQLHandlerOptions {
  /** Answers a GET without `query` (GraphiQL in development); `undefined` → 404. */
  readonly page: ((request: HttpRequest) => HttpResponse) | undefined
  /** Write plain record queries' answers from the database's JSON without graphql-js execution (`writeFastAnswer`). */
  readonly fastReads: boolean
}

/**
 * Runs GraphQL requests through envelop: parse and validate (both cached per query text), the depth limit and the
 * introspection switch as validation rules. Then the whole operation is planned and its statements run through core
 * (`runDocument`: every bound checked before any SQL, each statement run once), and the answer is written — straight
 * from the database's JSON for plain record queries (`writeFastAnswer`), otherwise by graphql-js's execution, whose
 * root resolvers return what already ran.
 *
 * HTTP status (SPEC open point 4, decided as Data API builder / Hot Chocolate do): a request that never reaches
 * execution — unreadable body, syntax or validation error, depth limit, unknown operation, variables that do not
 * fit — is 400 with only `errors`; once execution starts the answer is 200 with `data`, and `errors` beside it for
 * the fields that failed (partial success, SPEC rule 3).
 */
export function createGraphQLHandler(host: ProtocolHost, schema: GraphQLSchema, options: GraphQLHandlerOptions) {
  const graphql = host.config.runtime.graphql
  const plugins: Plugin[] = [
    useEngine({ parse, validate, execute, subscribe, specifiedRules }),
    useSchema(schema),
    useDocumentCache(DOCUMENT_CACHE_SIZE),
  ]
  if (graphql.depthLimit !== null && graphql.depthLimit > 0)
    plugins.push(useValidationRule(depthLimitRule(graphql.depthLimit)))
  if (!graphql.allowIntrospection) plugins.push(useValidationRule(noIntrospectionRule))
  const getEnveloped = envelop({ plugins })
  const mode = host.config.runtime.host.mode
  const fastQueries = new FastQueryCache(schema)
  const pipeline = host.pipeline

  return async (request: HttpRequest, context: RequestContext): Promise<HttpResponse> => {
    const params = readGraphQLParams(request)
    if (params === undefined) {
      if (options.page !== undefined) return options.page(request)
      throw new SluiceError('SLUICE_ERR_ROUTE_NOT_FOUND', { method: request.method, path: request.path })
    }
    const run = getEnveloped()
    const fail = (errors: readonly GraphQLError[], code: ErrorCode): HttpResponse =>
      respond(400, { errors: errors.map((e) => format(e, code)) })
    const format = (error: GraphQLError, fallbackCode: ErrorCode): FormattedError =>
      formatError(error, {
        mode,
        log: context.log,
        requestId: context.requestId,
        fallbackCode,
        authenticated: context.principal.authenticated,
      })

    let document: DocumentNode
    try {
      document = run.parse(params.query, { maxTokens: MAX_DOCUMENT_TOKENS })
    } catch (error) {
      if (error instanceof GraphQLError) return fail([error], 'SLUICE_ERR_GRAPHQL_SYNTAX')
      throw error
    }
    // More root fields than the request may run statements: refused before validation, which costs per field.
    const maxStatements = host.config.runtime.limits.maxStatementsPerRequest
    if (maxStatements !== null && countRootFields(document, params.operationName) > maxStatements) {
      const error = new SluiceError('SLUICE_ERR_TOO_MANY_STATEMENTS', { limit: maxStatements })
      return fail([new GraphQLError(error.message, { originalError: error })], 'SLUICE_ERR_TOO_MANY_STATEMENTS')
    }
    const invalid = run.validate(run.schema, document) as readonly GraphQLError[]
    if (invalid.length > 0) return fail(invalid, 'SLUICE_ERR_GRAPHQL_VALIDATION')
    const operation = getOperationAST(document, params.operationName)
    if (operation === null || operation === undefined) {
      const detail =
        params.operationName === undefined
          ? 'Must provide operation name if query contains multiple operations.'
          : `Unknown operation named "${params.operationName}".`
      throw new SluiceError('SLUICE_ERR_GRAPHQL_OPERATION', { detail })
    }
    if (operation.operation === 'subscription')
      throw new SluiceError('SLUICE_ERR_GRAPHQL_OPERATION', {
        detail:
          'Subscriptions are served over WebSocket (the graphql-transport-ws protocol of graphql-ws) at this path, not over a plain HTTP request.',
      })
    if (request.method !== 'POST' && operation.operation !== 'query')
      throw new SluiceError('SLUICE_ERR_GRAPHQL_MUTATION_GET')

    const rawVariables = params.variables ?? {}
    const coerced = getVariableValues(run.schema, operation.variableDefinitions ?? [], rawVariables)
    if (coerced.errors !== undefined) return fail(coerced.errors, 'SLUICE_ERR_GRAPHQL_VALIDATION')
    const fast = options.fastReads ? fastQueries.compiled(document, operation) : undefined
    const scope: DocumentScope = {
      fragments: fast?.fragments ?? fragmentsOf(document),
      variableValues: coerced.coerced,
      rawVariables,
    }
    const rootType = operation.operation === 'mutation' ? run.schema.getMutationType() : run.schema.getQueryType()
    const planned =
      rootType === null || rootType === undefined
        ? []
        : planDocument(rootType, operation, scope, context, fast === undefined ? undefined : streamedRoot(fast))
    let outcomes: Awaited<ReturnType<typeof runDocument>>
    try {
      outcomes = await runDocument(planned, pipeline, operation.operation === 'mutation')
    } catch (error) {
      // Over the request's budget: refused as a whole, before any statement ran (as a validation error is).
      if (isBudgetError(error))
        return fail(
          [new GraphQLError((error as Error).message, { originalError: error as Error })],
          'SLUICE_ERR_QUERY_COST',
        )
      throw error
    }
    if (fast !== undefined) {
      const body = writeFastAnswer(fast, outcomes, context.log)
      if (body !== undefined) return { status: 200, headers: JSON_TYPE, body }
    }
    const contextValue: GraphQLContext = { request: context, rawVariables, state: { exactNumbers: false }, outcomes }
    const result = (await run.execute({
      schema: run.schema,
      document,
      contextValue,
      variableValues: rawVariables,
      operationName: params.operationName,
    })) as ExecutionResult
    // graphql-js leaves `data` out only when execution never started (variables that do not fit their types).
    if (!('data' in result)) return fail(result.errors ?? [], 'SLUICE_ERR_GRAPHQL_VALIDATION')
    if (result.errors !== undefined && result.errors.length > 0) {
      return respond(
        200,
        { errors: result.errors.map((e) => format(e, 'SLUICE_ERR_INTERNAL')), data: result.data },
        contextValue.state.exactNumbers,
      )
    }
    return respond(200, { data: result.data }, contextValue.state.exactNumbers)
  }
}

/** `exact`: the data holds `LosslessNumber`s (integers beyond 2^53), written with every digit. */
function respond(status: number, body: unknown, exact = false): HttpResponse {
  return { status, headers: JSON_TYPE, body: exact ? (stringifyLossless(body) ?? 'null') : JSON.stringify(body) }
}
