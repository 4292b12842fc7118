import { keyExclusiveOptionsRule } from './key-exclusive-options-rule.js'
import { operationSourceRule } from './operation-source-rule.js'
import { procedureOptionsRule } from './procedure-options-rule.js'
import type { RequestRule } from './request-rule.js'

/** The request rules the default parse stage runs, in order. */
export const specifiedRequestRules: readonly RequestRule[] = Object.freeze([
  operationSourceRule,
  procedureOptionsRule,
  keyExclusiveOptionsRule,
])
