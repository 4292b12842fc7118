import type { AuthenticationProvider } from '../auth/authentication-provider.js'
import type { SharedCacheStore } from '../cache/shared-cache-store.js'
import type { ChangeFeed } from '../live/change-feed.js'
import type { RuntimeConfig } from '../config/runtime-config.js'
import type { DataSourceRegistry } from '../dialect/data-source-registry.js'
import type { Dialect } from '../dialect/dialect.js'
import type { Driver } from '../dialect/driver.js'
import type { SqlCompiler } from '../dialect/sql-compiler.js'
import type { ServiceModel } from '../model/service-model.js'
import type {
  AuthorizeStage,
  ExecuteStage,
  FieldFilterStage,
  ParseStage,
  PlanStage,
  ShapeStage,
} from '../pipeline/stage.js'
import type { PipelineHooks } from '../pipeline/pipeline-hooks.js'
import type { Pipeline } from '../pipeline/pipeline.js'
import type { MultipleCreate } from '../pipeline/multiple-create.js'
import type { CursorCodec } from '../request/cursor-codec.js'
import type { Logger } from '../request/logger.js'
import { createToken } from './token.js'

/**
 * Every injection token, in one place. Stage tokens are what plugins may replace (security stages only with
 * `allowSecurityOverride`); the rest are provided by the server at boot.
 */
export const Tokens = {
  Config: createToken<RuntimeConfig>('Config'),
  ServiceModel: createToken<ServiceModel>('ServiceModel'),
  Logger: createToken<Logger>('Logger'),
  /** Every data source by name; the three tokens below are its default one's parts. */
  DataSources: createToken<DataSourceRegistry>('DataSources'),
  Dialect: createToken<Dialect>('Dialect'),
  Driver: createToken<Driver>('Driver'),
  SqlCompiler: createToken<SqlCompiler>('SqlCompiler'),
  CursorCodec: createToken<CursorCodec>('CursorCodec'),
  /** The secret cursors are signed with (bytes or text). */
  CursorSecret: createToken<string | Uint8Array>('CursorSecret'),
  PipelineHooks: createToken<readonly PipelineHooks[]>('PipelineHooks'),
  AuthenticationProvider: createToken<AuthenticationProvider>('AuthenticationProvider'),
  ParseStage: createToken<ParseStage>('ParseStage'),
  AuthorizeStage: createToken<AuthorizeStage>('AuthorizeStage'),
  FieldFilterStage: createToken<FieldFilterStage>('FieldFilterStage'),
  PlanStage: createToken<PlanStage>('PlanStage'),
  ExecuteStage: createToken<ExecuteStage>('ExecuteStage'),
  ShapeStage: createToken<ShapeStage>('ShapeStage'),
  Pipeline: createToken<Pipeline>('Pipeline'),
  MultipleCreate: createToken<MultipleCreate>('MultipleCreate'),
} as const

/**
 * Tokens nothing provides by default: a plugin may (`registry.provide`), and their users check `isRegistered` first.
 */
export const OptionalTokens = {
  /** The response cache's shared level and backplane (`runtime.cache.level-2`), provided by a plugin such as Redis's. */
  SharedCacheStore: createToken<SharedCacheStore>('SharedCacheStore'),
  /** Live data's feed shared by every instance (Redis); without one, changes reach this process only. */
  ChangeFeed: createToken<ChangeFeed>('ChangeFeed'),
} as const

/** Stages whose replacement could weaken security; replacing them needs `allowSecurityOverride`. */
export const SECURITY_STAGE_TOKENS: ReadonlySet<symbol> = new Set([Tokens.AuthorizeStage, Tokens.FieldFilterStage])
