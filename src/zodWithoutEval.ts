/**
 * Zod compiles fast object parsers with `new Function`, probing for it when its first object schema is built;
 * the portal's Content-Security-Policy allows no eval, and the probe alone is reported as a violation. Zod
 * reads this global (the shared config behind z.config) when it loads. Imported first by src/main.tsx, so it
 * runs before any module that builds a schema (zod itself only arrives with later, lazily loaded pages).
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });
