import { describe, expect, it } from 'vitest'
import { isSluiceError } from '../errors/sluice-error.js'
import { parseConfig } from './load-config.js'

const DATA_SOURCE = { 'database-type': 'mssql', 'connection-string': 'Server=x' }
const READ = [{ role: 'anonymous', actions: ['read'] }]

function load(json: Record<string, unknown>): { problems: string[]; warnings: readonly string[] } {
  try {
    return { problems: [], warnings: parseConfig(json, { baseDir: '/', env: {} }).warnings }
  } catch (error) {
    if (!isSluiceError(error)) throw error
    return {
      problems: String(error.params['problems'])
        .split('\n')
        .map((line) => line.replace(/^ {2}- /, '')),
      warnings: [],
    }
  }
}

function withDefinition(definition: unknown): { problems: string[]; warnings: readonly string[] } {
  return load({ 'data-source': DATA_SOURCE, autoentities: { all: definition } })
}

describe('autoentities checks', () => {
  it("needs no entities section when a definition is present (as Data API builder's schema)", () => {
    expect(withDefinition({ permissions: READ })).toEqual({ problems: [], warnings: [] })
  })

  it('still needs entities when the autoentities section is empty', () => {
    expect(load({ 'data-source': DATA_SOURCE, autoentities: {} }).problems).toEqual([
      "(root): missing required key 'entities'",
    ])
  })

  it('checks permissions as for a table entity', () => {
    expect(
      withDefinition({
        permissions: [
          { role: 'r', actions: ['execute'] },
          { role: 'R', actions: ['read'] },
        ],
      }).problems,
    ).toEqual([
      expect.stringMatching(/^autoentities\.all\.permissions\[0\]\.actions\[0\]: 'execute' is not allowed/),
      expect.stringMatching(/^autoentities\.all\.permissions\[1\]\.role: role 'R' is listed twice/),
    ])
  })

  it('refuses a malformed LIKE pattern, naming where it stands', () => {
    expect(
      withDefinition({ patterns: { include: ['dbo.[abc'], exclude: ['x.%', 'y\\'] }, permissions: READ }).problems,
    ).toEqual([
      expect.stringMatching(/^autoentities\.all\.patterns\.include\[0\]: "dbo\.\[abc" has an unclosed '\['/),
      expect.stringMatching(/^autoentities\.all\.patterns\.exclude\[1\]: "y\\\\" ends with the escape character/),
    ])
  })

  it('warns about a definition without permissions and a name pattern without {object}', () => {
    expect(withDefinition({ patterns: { name: 'api_{schema}' } }).warnings).toEqual([
      'autoentities.all.permissions: none are given, so no role can reach the entities this definition generates.',
      "autoentities.all.patterns.name: 'api_{schema}' has no {object}: every table it matches in one schema gets the same entity name, and a second one stops start-up.",
    ])
  })

  it('reports an unknown key with the allowed ones, and accepts the boolean mcp shorthand', () => {
    expect(withDefinition({ template: { rest: { path: 'x' } }, permissions: READ }).problems).toEqual([
      expect.stringMatching(/^autoentities\.all\.template\.rest\.path: unknown key 'path' \(allowed: enabled\)/),
    ])
    expect(withDefinition({ template: { mcp: true }, permissions: READ }).problems).toEqual([])
  })
})
