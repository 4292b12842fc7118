import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findConfigFileToEdit, initTargetFile } from './find-config-file.js'

function directory(...files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-find-'))
  for (const file of files) writeFileSync(join(dir, file), '{}')
  return dir
}

describe("the file dab's editing verbs change", () => {
  it('is dab-config.{DAB_ENVIRONMENT}.json when it exists, else dab-config.json', () => {
    const dir = directory('dab-config.json', 'dab-config.dev.json')
    expect(findConfigFileToEdit(undefined, dir, { DAB_ENVIRONMENT: 'dev' })).toBe(join(dir, 'dab-config.dev.json'))
    expect(findConfigFileToEdit(undefined, dir, { DAB_ENVIRONMENT: 'test' })).toBe(join(dir, 'dab-config.json'))
    expect(findConfigFileToEdit(undefined, dir, {})).toBe(join(dir, 'dab-config.json'))
  })

  it('is --config as given, and an error naming what was looked for when nothing exists', () => {
    const dir = directory('mine.json')
    expect(findConfigFileToEdit('mine.json', dir, {})).toBe(join(dir, 'mine.json'))
    expect(() => findConfigFileToEdit(undefined, dir, {})).toThrow(
      "Config not provided and default config file doesn't exist (looked for dab-config.json and sluice.config.json",
    )
    expect(() => findConfigFileToEdit('other.json', dir, {})).toThrow(
      `Config file not found: ${join(dir, 'other.json')}.`,
    )
  })

  it('for init, is --config, else dab-config.{DAB_ENVIRONMENT}.json, else dab-config.json', () => {
    expect(initTargetFile(undefined, '/x', { DAB_ENVIRONMENT: 'dev' })).toBe('/x/dab-config.dev.json')
    expect(initTargetFile(undefined, '/x', {})).toBe('/x/dab-config.json')
    expect(initTargetFile('a/b.json', '/x', { DAB_ENVIRONMENT: 'dev' })).toBe('/x/a/b.json')
  })
})
