import { createConfigError } from './config-report.js'
import { findLineAndColumn, locateJsonError } from './locate-json-error.js'

/**
 * Parses config file text. Like Data API builder (`JsonCommentHandling.Skip`), `//` and `/* … *\/` comments are
 * allowed; a leading byte-order mark is ignored. A syntax error throws `SLUICE_ERR_CONFIG` with one problem that
 * names the file, line and column.
 */
export function parseConfigJson(text: string, file: string | undefined): unknown {
  const cleaned = blankOutComments(text.replace(/^\uFEFF/, ' '))
  try {
    return JSON.parse(cleaned)
  } catch (error) {
    const offset = locateJsonError(cleaned) ?? cleaned.length
    const { line, column } = findLineAndColumn(cleaned, offset)
    const reason = error instanceof Error ? cleanReason(error.message) : 'syntax error'
    const where = file === undefined ? '' : ` of ${file}`
    throw createConfigError([`invalid JSON at line ${line}, column ${column}${where}: ${reason}`], error)
  }
}

/** Drops V8's position and excerpt suffixes (we report line and column instead). */
function cleanReason(message: string): string {
  return message
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/, ".*" is not valid JSON$/s, '')
    .trim()
}

/** Replaces comments outside strings with spaces (newlines kept), so offsets still match the file. */
function blankOutComments(text: string): string {
  if (!text.includes('/')) return text
  let out = ''
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === '"') {
      const end = findStringEnd(text, i)
      out += text.slice(i, end)
      i = end
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i)
      const stop = end === -1 ? text.length : end
      out += ' '.repeat(stop - i)
      i = stop
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2)
      const stop = end === -1 ? text.length : end + 2
      out += text.slice(i, stop).replace(/[^\n]/g, ' ')
      i = stop
    } else {
      out += c
      i++
    }
  }
  return out
}

function findStringEnd(text: string, start: number): number {
  let i = start + 1
  while (i < text.length && text[i] !== '"' && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1
  return Math.min(i + 1, text.length)
}
