/**
 * @sluice/conformance — the property-based conformance suite every Sluice engine runs over HTTP, against a plain
 * in-memory oracle. An engine implements `ConformanceEngine` and calls `runConformanceSuite` from one vitest file.
 */

/** Registers every scenario for one engine inside vitest: `runConformanceSuite(engine, options?)`. */
export { runConformanceSuite } from './run-conformance-suite.js'
export type { ConformanceSuiteOptions } from './run-conformance-suite.js'

/** The contract an engine implements: name, plugin factory, `open()` → session, database limits, known gaps. */
export type { ConformanceEngine, ConformanceSource, EngineLimits, EngineSession } from './conformance-engine.js'

/** What `open()` rejects with when the engine cannot be reached (skip, or fail under CI). */
export { createEngineUnavailableError, isEngineUnavailableError } from './engine-unavailable-error.js'
export type { EngineUnavailableError } from './engine-unavailable-error.js'

/** The engine-neutral fixture an engine's session must be able to create. */
export { NEUTRAL_TYPES, findFixtureColumn } from './fixture.js'
export type { Fixture, FixtureColumn, FixtureRow, FixtureTable, FixtureValue, NeutralType } from './fixture.js'
export type { FixtureProcedure } from './fixture-procedure.js'

/** Stable scenario keys, for `knownGaps`. */
export { SCENARIO_KEYS } from './scenario-keys.js'
export type { ScenarioKey } from './scenario-keys.js'

/** Scenarios as data: the specified list, and the types to select or add to it. */
export { specifiedScenarios } from './scenarios/specified-scenarios.js'
export { findMissingCapabilities } from './scenario.js'
export type { CapabilityName, Scenario, ScenarioHarness } from './scenario.js'
export type { FixtureServer, FixtureServerOptions, RestReply, RestRequest } from './fixture-server.js'
export type { FixtureAction } from './build-fixture-config.js'

/** Budget, replay and engine selection from the environment (`SLUICE_PBT_RUNS`, `SLUICE_PBT_SEED`, `SLUICE_PBT_PATH`, `SLUICE_ENGINES`, `CI`). */
export { isEngineSelected, readRunConfig } from './run-config.js'
export type { RunConfig } from './run-config.js'

/** Fixture DDL and inserts for PostgreSQL-family engines, shared by the PostgreSQL and PGlite engines. */
export { createPostgresFamilyFixture } from './engines/postgres-family-fixture.js'
export type { PostgresFamilyExecute, PostgresFamilyFixture } from './engines/postgres-family-fixture.js'

/** Fixture DDL and inserts for MySQL-family engines (MySQL, MariaDB). */
export { createMysqlFamilyFixture } from './engines/mysql-family-fixture.js'
export type { MysqlFamilyExecute, MysqlFamilyFixture } from './engines/mysql-family-fixture.js'
