import { anonymousAuthentication, developmentRoleAuthentication } from '../auth/builtin-authentication-providers.js'
import type { RuntimeConfig } from '../config/runtime-config.js'
import type { SluiceContainer } from '../di/container.js'
import { Tokens } from '../di/tokens.js'
import type { ReadCostStatistics } from '../request/model-statistics.js'
import type { DataSourceRegistry } from '../dialect/data-source-registry.js'
import type { ServiceModel } from '../model/service-model.js'
import { DefaultAuthorizeStage } from '../pipeline/default-authorize-stage.js'
import { DefaultExecuteStage } from '../pipeline/default-execute-stage.js'
import { DefaultFieldFilterStage } from '../pipeline/default-field-filter-stage.js'
import { DefaultParseStage } from '../pipeline/default-parse-stage.js'
import { DefaultPlanStage } from '../pipeline/default-plan-stage.js'
import { DefaultShapeStage } from '../pipeline/default-shape-stage.js'
import { Pipeline } from '../pipeline/pipeline.js'
import { MultipleCreate } from '../pipeline/multiple-create.js'
import { CursorCodec } from '../request/cursor-codec.js'
import type { Logger } from '../request/logger.js'

export interface DefaultRegistrations {
  readonly config: RuntimeConfig
  readonly model: ServiceModel
  readonly log: Logger
  readonly dataSources: DataSourceRegistry
  readonly cursorSecret: string | Uint8Array
  /** The catalog's figures the pipeline's read-cost estimate reads (kept fresh by boot's refresh). */
  readonly statistics: ReadCostStatistics
}

/** Registers everything core provides by default; plugins may replace entries afterwards. */
export function registerDefaults(container: SluiceContainer, d: DefaultRegistrations): void {
  container.register(Tokens.Config, { useValue: d.config })
  container.register(Tokens.ServiceModel, { useValue: d.model })
  container.register(Tokens.Logger, { useValue: d.log })
  container.register(Tokens.DataSources, { useValue: d.dataSources })
  container.register(Tokens.Dialect, { useValue: d.dataSources.default.dialect })
  container.register(Tokens.Driver, { useValue: d.dataSources.default.driver })
  container.register(Tokens.SqlCompiler, { useValue: d.dataSources.default.compiler })
  container.register(Tokens.CursorSecret, { useValue: d.cursorSecret })
  container.register(Tokens.CursorCodec, { useFactory: (c) => new CursorCodec(c.resolve(Tokens.CursorSecret)) })
  container.register(Tokens.AuthenticationProvider, {
    useValue: d.config.runtime.host.mode === 'development' ? developmentRoleAuthentication : anonymousAuthentication,
  })
  container.register(Tokens.ParseStage, { useClass: DefaultParseStage })
  container.register(Tokens.AuthorizeStage, { useClass: DefaultAuthorizeStage })
  container.register(Tokens.FieldFilterStage, { useClass: DefaultFieldFilterStage })
  container.register(Tokens.PlanStage, { useClass: DefaultPlanStage })
  container.register(Tokens.ExecuteStage, { useClass: DefaultExecuteStage })
  container.register(Tokens.ShapeStage, { useClass: DefaultShapeStage })
  // Built by factories rather than decorators: pipeline.ts and multiple-create.ts then need no tokens (whose types
  // name them), which keeps the module graph free of cycles.
  container.register(Tokens.MultipleCreate, {
    useFactory: (c) =>
      new MultipleCreate(c.resolve(Tokens.ServiceModel), c.resolve(Tokens.Config), c.resolve(Tokens.DataSources)),
  })
  container.register(Tokens.Pipeline, {
    useFactory: (c) =>
      new Pipeline({
        stages: {
          parse: c.resolve(Tokens.ParseStage),
          authorize: c.resolve(Tokens.AuthorizeStage),
          fieldFilter: c.resolve(Tokens.FieldFilterStage),
          plan: c.resolve(Tokens.PlanStage),
          execute: c.resolve(Tokens.ExecuteStage),
          shape: c.resolve(Tokens.ShapeStage),
        },
        hooks: c.resolve(Tokens.PipelineHooks),
        log: c.resolve(Tokens.Logger),
        limits: c.resolve(Tokens.Config).runtime.limits,
        statistics: d.statistics,
        multipleCreate: c.resolve(Tokens.MultipleCreate),
      }),
  })
}
