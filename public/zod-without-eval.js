// Zod compiles fast object parsers with `new Function`, probing for it when its first schema is built; the
// portal's Content-Security-Policy allows no eval, and the probe alone is reported as a violation. Zod reads
// this global (the shared config behind z.config) when it loads, so it must run before any module: a classic
// script, which runs before the deferred module scripts. Served as is from public/.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
