import { runConformanceSuite } from '../src/index.js'
import engine from './support/pglite-engine.js'

runConformanceSuite(engine)
