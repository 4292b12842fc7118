import type { Scenario } from '../scenario.js'
import { authScenarios } from './auth.scenarios.js'
import { autoentityScenarios } from './autoentities.scenarios.js'
import { caseInsensitiveScenarios } from './case-insensitive.scenarios.js'
import { countScenarios } from './count.scenarios.js'
import { expandScenarios } from './expand.scenarios.js'
import { inListScenarios } from './in-list.scenarios.js'
import { filterScenarios } from './filter.scenarios.js'
import { graphqlScenarios } from './graphql.scenarios.js'
import { junkScenarios } from './junk.scenarios.js'
import { pagingScenarios } from './paging.scenarios.js'
import { procedureScenarios } from './procedures.scenarios.js'
import { relationshipScenarios } from './relationships.scenarios.js'
import { selectScenarios } from './select.scenarios.js'
import { writeConcurrencyScenarios } from './write-concurrency.scenarios.js'
import { writeExactScenarios } from './write-exact.scenarios.js'
import { writeJunkScenarios } from './write-junk.scenarios.js'
import { writeModelScenarios } from './write-model.scenarios.js'

/** Every scenario of the suite, in the order they run. */
export const specifiedScenarios: readonly Scenario[] = Object.freeze([
  ...filterScenarios,
  ...caseInsensitiveScenarios,
  ...inListScenarios,
  ...countScenarios,
  ...pagingScenarios,
  ...selectScenarios,
  ...junkScenarios,
  ...writeModelScenarios,
  ...writeJunkScenarios,
  ...writeExactScenarios,
  ...writeConcurrencyScenarios,
  ...authScenarios,
  ...procedureScenarios,
  ...relationshipScenarios,
  ...expandScenarios,
  ...graphqlScenarios,
  ...autoentityScenarios,
])
