import { McpToolError } from './tool-result.js'

/** Tool arguments as the client sent them (the SDK hands over the JSON object unvalidated). */
export type ToolArguments = Readonly<Record<string, unknown>>

/**
 * Typed readers for tool arguments. A wrong type is an `InvalidArguments` tool error naming the argument, so an
 * agent can correct its call; absent optional arguments read as `undefined`.
 */
export function requiredString(args: ToolArguments, name: string): string {
  const value = args[name]
  if (typeof value !== 'string' || value.trim() === '')
    throw invalid(`Missing required argument '${name}' (a non-empty string).`)
  return value
}

export function optionalString(args: ToolArguments, name: string): string | undefined {
  const value = args[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw invalid(`Argument '${name}' must be a string.`)
  return value
}

export function optionalBoolean(args: ToolArguments, name: string): boolean | undefined {
  const value = args[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'boolean') throw invalid(`Argument '${name}' must be a boolean.`)
  return value
}

export function optionalInteger(args: ToolArguments, name: string): number | undefined {
  const value = args[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value)) throw invalid(`Argument '${name}' must be an integer.`)
  return value
}

export function optionalStringArray(args: ToolArguments, name: string): string[] | undefined {
  const value = args[name]
  if (value === undefined || value === null) return undefined
  if (!Array.isArray(value) || !value.every((v): v is string => typeof v === 'string')) {
    throw invalid(`Argument '${name}' must be an array of strings.`)
  }
  return value
}

export function requiredObject(args: ToolArguments, name: string): Record<string, unknown> {
  const value = args[name]
  if (value === undefined || value === null) throw invalid(`Missing required argument '${name}' (an object).`)
  return asObject(value, name)
}

export function optionalObject(args: ToolArguments, name: string): Record<string, unknown> | undefined {
  const value = args[name]
  return value === undefined || value === null ? undefined : asObject(value, name)
}

function asObject(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(`Argument '${name}' must be an object.`)
  return value as Record<string, unknown>
}

export function invalid(message: string): McpToolError {
  return new McpToolError('InvalidArguments', message)
}
