import type { ConfigReport } from './config-report.js'
import { validateConfigSchema } from './config-schema.js'
import { describeOpenTelemetryExport } from './describe-open-telemetry-export.js'
import { formatConfigPath } from './format-config-path.js'
import { formatSchemaErrors } from './format-schema-errors.js'
import { reportUnresolvedReferences } from './report-unresolved-references.js'
import { substituteEnv, type EnvironmentVariables } from './substitute-env.js'

/**
 * One config file's JSON made ready to normalize: `@env()` substituted, then validated against the schema. Where a
 * variable is missing, the problem reported is the variable, not the type of the text left in its place. Returns
 * the substituted JSON; problems and warnings go to `report`.
 */
export function prepareConfigJson(json: unknown, env: EnvironmentVariables, report: ConfigReport): unknown {
  const { value, problems: envProblems, unresolved } = substituteEnv(json, env)
  for (const problem of envProblems) report.addProblem(problem.path, problem.message)
  const unresolvedPaths = new Set([...envProblems, ...unresolved].map((p) => formatConfigPath(p.path)))
  const schemaProblems = validateConfigSchema(value) ? [] : formatSchemaErrors(validateConfigSchema.errors ?? [], value)
  const schemaProblemPaths = new Set(
    schemaProblems.map((p) => formatConfigPath(p.path)).filter((where) => unresolvedPaths.has(where)),
  )
  const openTelemetry = describeOpenTelemetryExport(value, unresolved)
  reportUnresolvedReferences(unresolved, schemaProblemPaths, report, openTelemetry.unread)
  if (openTelemetry.off !== undefined) report.addWarning(openTelemetry.off)
  for (const problem of schemaProblems) {
    if (!unresolvedPaths.has(formatConfigPath(problem.path))) report.addProblem(problem.path, problem.message)
  }
  return value
}
