import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveConfigPath } from './resolve-config-path.js'

function directory(...files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-resolve-'))
  for (const file of files) writeFileSync(join(dir, file), '{}')
  return dir
}

describe('resolveConfigPath (Data API builder precedence)', () => {
  it('layers dab-config.{DAB_ENVIRONMENT}.json over dab-config.json when both exist', () => {
    const dir = directory('dab-config.json', 'dab-config.dev.json')
    expect(resolveConfigPath(undefined, false, dir, { DAB_ENVIRONMENT: 'dev' })).toEqual({
      file: join(dir, 'dab-config.json'),
      overrideFile: join(dir, 'dab-config.dev.json'),
    })
  })

  it('uses whichever of the two exists, and ASPNETCORE_ENVIRONMENT picks a file without merging', () => {
    expect(
      resolveConfigPath(undefined, false, directory('dab-config.dev.json'), { DAB_ENVIRONMENT: 'dev' }).overrideFile,
    ).toBeUndefined()
    const dir = directory('dab-config.json', 'dab-config.Staging.json')
    expect(resolveConfigPath(undefined, false, dir, { DAB_ENVIRONMENT: 'dev' })).toEqual({
      file: join(dir, 'dab-config.json'),
    })
    expect(resolveConfigPath(undefined, false, dir, { ASPNETCORE_ENVIRONMENT: 'Staging' })).toEqual({
      file: join(dir, 'dab-config.Staging.json'),
    })
  })

  it('takes --config as given, unmerged', () => {
    const dir = directory('dab-config.json', 'dab-config.dev.json', 'other.json')
    expect(resolveConfigPath('other.json', false, dir, { DAB_ENVIRONMENT: 'dev' })).toEqual({
      file: join(dir, 'other.json'),
    })
  })
})
