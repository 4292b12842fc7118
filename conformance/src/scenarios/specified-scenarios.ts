import type { Scenario } from '../scenario.js'
import { filterScenarios } from './filter.scenarios.js'
import { junkScenarios } from './junk.scenarios.js'
import { pagingScenarios } from './paging.scenarios.js'
import { selectScenarios } from './select.scenarios.js'

/** Every scenario of the suite, in the order they run. */
export const specifiedScenarios: readonly Scenario[] = Object.freeze([...filterScenarios, ...pagingScenarios, ...selectScenarios, ...junkScenarios])
