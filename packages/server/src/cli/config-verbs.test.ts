import { describe, expect, it } from 'vitest'
import { CONFIG_VERBS } from './config-verbs.js'

describe('CONFIG_VERBS', () => {
  it('loads, under each name, the verb of that name', async () => {
    for (const [name, load] of Object.entries(CONFIG_VERBS)) expect((await load()).name).toBe(name)
  })
})
