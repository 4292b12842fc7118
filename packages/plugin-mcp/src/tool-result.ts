import { randomBytes } from 'node:crypto'
import { isSluiceError, type Logger, type SluiceError } from '@sluice/core/protocol'

/** What a tool call returns: one text block of indented JSON, flagged as an error when the call failed (DAB's shape). */
export interface ToolResult {
  readonly content: { readonly type: 'text'; readonly text: string }[]
  readonly isError?: boolean
  readonly [key: string]: unknown
}

/**
 * A failure found by the MCP layer itself (bad arguments, a disabled tool, an unknown entity), named with Data API
 * builder's error types (`InvalidArguments`, `ToolDisabled`, `EntityNotFound`, …).
 */
export class McpToolError extends Error {
  override readonly name = 'McpToolError'
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message)
  }
}

/**
 * JSON text built by the database (records), spliced into a result unparsed: parsing would round 64-bit integers and
 * decimals to doubles, and costs time for nothing.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** `{…fields, "status": "success"}` as indented JSON, with `RawJson` values spliced in as they are. */
export function successResult(fields: Readonly<Record<string, unknown>>): ToolResult {
  const raw: string[] = []
  const nonce = randomBytes(6).toString('hex')
  const text = JSON.stringify(
    { ...fields, status: 'success' },
    (_key, value: unknown) => {
      if (!(value instanceof RawJson)) return value
      raw.push(value.text)
      return `@raw-${nonce}-${raw.length - 1}@`
    },
    2,
  )
  const spliced =
    raw.length === 0
      ? text
      : text.replace(new RegExp(`"@raw-${nonce}-(\\d+)@"`, 'g'), (_m, i: string) => raw[Number(i)]!)
  return { content: [{ type: 'text', text: spliced }] }
}

/**
 * `{"toolName","status":"error","error":{type,message,…}}` with `isError`. A SluiceError keeps the code, status and
 * message REST would send (`code` is REST's `error.code`), so an agent sees the same failure REST reports.
 */
export function errorResult(
  toolName: string,
  error: unknown,
  mode: 'development' | 'production',
  log: Logger,
): ToolResult {
  const detail = describeError(error, mode, log, toolName)
  const text = JSON.stringify({ toolName, status: 'error', error: detail }, null, 2)
  return { content: [{ type: 'text', text }], isError: true }
}

function describeError(
  error: unknown,
  mode: 'development' | 'production',
  log: Logger,
  toolName: string,
): Record<string, unknown> {
  if (error instanceof McpToolError) return { type: error.type, message: error.message }
  if (isSluiceError(error)) {
    return { type: errorType(error), code: error.wireCode, status: error.status, message: errorMessage(error, mode) }
  }
  log.error({ err: error, tool: toolName }, 'unexpected error in an MCP tool')
  return { type: 'UnexpectedError', message: `Unexpected error occurred in ${toolName}.` }
}

/** The same text REST's envelope carries: the development-only detail is appended only in development. */
function errorMessage(error: SluiceError, mode: 'development' | 'production'): string {
  if (mode !== 'development' || error.devDetail === undefined) return error.message
  return error.status < 500 || error.code === 'SLUICE_ERR_DATABASE'
    ? `${error.message} ${error.devDetail}`
    : error.message
}

const STATUS_TYPES: Readonly<Record<number, string>> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'PermissionDenied',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  412: 'PreconditionFailed',
  413: 'PayloadTooLarge',
  503: 'ServiceUnavailable',
}

/** Data API builder's tool error type for an engine error: its own names where it has one, else the status name. */
function errorType(error: SluiceError): string {
  switch (error.code) {
    case 'SLUICE_ERR_ENTITY_NOT_FOUND':
      return 'EntityNotFound'
    case 'SLUICE_ERR_INVALID_FIELD':
      return 'FieldNotFound'
    case 'SLUICE_ERR_DATABASE':
      return 'DatabaseOperationFailed'
    case 'SLUICE_ERR_INTERNAL':
      return 'UnexpectedError'
    default:
      return STATUS_TYPES[error.status] ?? (error.status >= 500 ? 'DatabaseError' : 'BadRequest')
  }
}
