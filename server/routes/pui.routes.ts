import type { FastifyPluginAsync } from 'fastify';
import { registerCompilationRoutes, type ApplicationRouteOptions } from '../applications/fundRoutes.ts';

/** /api/Pui/…: the integrated-urban-plans fund's application (spec §7, Applications). */
export const puiRoutes: FastifyPluginAsync<ApplicationRouteOptions> = async (app, options) => {
  registerCompilationRoutes(app, 'PUI', options);
};
