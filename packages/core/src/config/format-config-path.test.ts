import { describe, expect, it } from 'vitest'
import { formatConfigPath, formatConfigValue } from './format-config-path.js'

describe('formatConfigPath', () => {
  it.each([
    [[], '(root)'],
    [['runtime', 'rest', 'path'], 'runtime.rest.path'],
    [['entities', 'Book', 'permissions', 0, 'actions', 1], 'entities.Book.permissions[0].actions[1]'],
    [['entities', 'Book Summary'], 'entities["Book Summary"]'],
    [['entities', 'B', 'relationships', 'r', 'target.entity'], 'entities.B.relationships.r["target.entity"]'],
    [['$schema'], '$schema'],
    [['data-source', 'database-type'], 'data-source.database-type'],
    [['entities', '1st'], 'entities["1st"]'],
  ])('%j → %s', (path, expected) => {
    expect(formatConfigPath(path)).toBe(expected)
  })
})

describe('formatConfigValue', () => {
  it('shows JSON and cuts long values to about 60 characters', () => {
    expect(formatConfigValue('dev')).toBe('"dev"')
    expect(formatConfigValue({ a: [1] })).toBe('{"a":[1]}')
    expect(formatConfigValue('y'.repeat(200))).toHaveLength(60)
    expect(formatConfigValue(undefined)).toBe('undefined')
  })
})
