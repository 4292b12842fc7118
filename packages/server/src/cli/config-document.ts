import { readFileSync, writeFileSync } from 'node:fs'
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser'
import { applyJsonChanges } from './apply-json-changes.js'
import { CliError } from './cli-error.js'

export type JsonObject = Record<string, unknown>

/** A config file as read for editing: its text (comments and layout kept) and its parsed JSON. */
export interface ConfigDocument {
  readonly file: string
  readonly text: string
  readonly json: JsonObject
}

/** Reads and parses a config (comments allowed, as in Data API builder); a syntax error names line and column. */
export function readConfigDocument(file: string): ConfigDocument {
  let text: string
  try {
    text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '')
  } catch (error) {
    throw new CliError(`Failed to read the config file: ${file} (${(error as Error).message}).`)
  }
  const errors: ParseError[] = []
  const json: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false })
  const first = errors[0]
  if (first !== undefined) {
    const { line, column } = lineAndColumn(text, first.offset)
    throw new CliError(
      `Failed to read the config file: ${file} is not valid JSON (${printParseErrorCode(first.error)} at line ${line}, column ${column}).`,
    )
  }
  if (!isJsonObject(json)) throw new CliError(`Failed to read the config file: ${file} does not hold a JSON object.`)
  return { file, text, json }
}

/** Writes `next` over the document, changing only the text of what differs from `document.json`. */
export function writeConfigDocument(document: ConfigDocument, next: JsonObject): void {
  writeConfigText(document.file, applyJsonChanges(document.text, document.json, next))
}

/** Writes a config file; a failure (no permission, no such directory) is a `CliError` naming the file. */
export function writeConfigText(file: string, text: string): void {
  try {
    writeFileSync(file, text)
  } catch (error) {
    throw new CliError(`Failed to write the config file ${file}: ${(error as Error).message}`)
  }
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The object at `key` of `parent`, created (and attached) when missing or not an object. */
export function objectAt(parent: JsonObject, key: string): JsonObject {
  const value = parent[key]
  if (isJsonObject(value)) return value
  const created: JsonObject = {}
  parent[key] = created
  return created
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n')
  return { line: before.length, column: before[before.length - 1]!.length + 1 }
}
