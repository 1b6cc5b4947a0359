import type { FastifyPluginAsync } from 'fastify';
import { registerCompilationRoutes, type ApplicationRouteOptions } from '../applications/fundRoutes.ts';

/** /api/Tur/…: the sustainable-tourism fund's application (spec §7, Applications). */
export const turRoutes: FastifyPluginAsync<ApplicationRouteOptions> = async (app, options) => {
  registerCompilationRoutes(app, 'TUR', options);
};
