import { isDeepStrictEqual } from 'node:util'
import { applyEdits, modify, parse, type FormattingOptions, type JSONPath } from 'jsonc-parser'
import { canonicalKeyOrder, insertionIndex } from './config-key-order.js'

/**
 * Rewrites config text from `before` to `after` by editing only what changed: unchanged keys keep their text,
 * comments and formatting; new keys are inserted at Data API builder's place for them, indented like the file.
 * Falls back to writing `after` whole if the edited text would not read back as `after` (it always should).
 */
export function applyJsonChanges(text: string, before: unknown, after: unknown): string {
  const formatting = detectFormatting(text)
  let edited = text
  const change = (path: JSONPath, value: unknown, isArrayInsertion = false): void => {
    const parent = path.slice(0, -1)
    const edits = modify(edited, path, value, {
      formattingOptions: formatting,
      isArrayInsertion,
      getInsertionIndex: (existing) =>
        insertionIndex(existing, String(path[path.length - 1]), canonicalKeyOrder(parent)),
    })
    edited = applyEdits(edited, edits)
  }
  const visit = (path: JSONPath, old: unknown, next: unknown): void => {
    if (isDeepStrictEqual(old, next)) return
    if (isPlainObject(old) && isPlainObject(next)) {
      for (const key of Object.keys(old)) if (!Object.hasOwn(next, key)) change([...path, key], undefined)
      for (const [key, value] of Object.entries(next)) {
        if (Object.hasOwn(old, key)) visit([...path, key], old[key], value)
        else change([...path, key], value)
      }
    } else if (Array.isArray(old) && Array.isArray(next) && path.length > 0) {
      const common = Math.min(old.length, next.length)
      for (let i = old.length - 1; i >= next.length; i--) change([...path, i], undefined)
      for (let i = 0; i < common; i++) visit([...path, i], old[i], next[i])
      for (let i = common; i < next.length; i++) change([...path, i], next[i], true)
    } else if (path.length > 0) {
      change(path, next)
    } else {
      edited = formatWhole(next, formatting)
    }
  }
  visit([], before, after)
  return isDeepStrictEqual(parse(edited), after) ? edited : formatWhole(after, formatting)
}

/** `value` as the file's first write: indented like `formatting`, with a final newline. */
export function formatWhole(
  value: unknown,
  formatting: FormattingOptions = { insertSpaces: true, tabSize: 2, eol: '\n' },
): string {
  const indent = formatting.insertSpaces === false ? '\t' : ' '.repeat(formatting.tabSize ?? 2)
  return `${JSON.stringify(value, null, indent).replace(/\n/g, formatting.eol ?? '\n')}${formatting.eol ?? '\n'}`
}

function detectFormatting(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n'
  const indent = /\n([ \t]+)\S/.exec(text)?.[1]
  if (indent?.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol }
  return { insertSpaces: true, tabSize: indent === undefined ? 2 : Math.min(indent.length, 8), eol }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
