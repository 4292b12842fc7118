// tsyringe refuses to load without a Reflect metadata polyfill, even though Sluice never relies on
// emitDecoratorMetadata (every constructor parameter names its token with @inject). This module is the one
// side-effect import in core; container.ts imports it before tsyringe.
import 'reflect-metadata'
