import { homedir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { userCacheFolder } from './user-cache-folder.js'

describe('userCacheFolder', () => {
  it('is $XDG_CACHE_HOME/sluice when that is an absolute path, else ~/.cache/sluice', () => {
    expect(userCacheFolder({ XDG_CACHE_HOME: '/var/cache/me' })).toBe('/var/cache/me/sluice')
    expect(userCacheFolder({ XDG_CACHE_HOME: 'relative' })).toBe(join(homedir(), '.cache', 'sluice'))
    expect(userCacheFolder({})).toBe(join(homedir(), '.cache', 'sluice'))
  })
})
