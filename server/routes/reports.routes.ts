import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportQuerySchema } from '../../domain/reports/reportQuery.ts';
import { reportListSchema, reportSchema } from '../../domain/reports/reportData.ts';
import { attachmentDisposition } from '../attachments/contentDisposition.ts';
import type { RouteAccess } from '../auth/access.ts';
import type { Reports } from '../reports/reports.ts';
import { reportFileName } from '../../domain/reports/reportFileName.ts';
import { writeReportWorkbook } from '../reports/reportWorkbook.ts';
import { errorResponses } from './errorResponses.ts';
import { fileResponse } from './fileResponse.ts';
import { MEDIA_TYPES } from '../http/mediaTypes.ts';
import { workbookStream } from '../exports/excel.ts';

const adminOnly: RouteAccess = 'admin';
const errors = errorResponses(adminOnly, [400, 404]);

/**
 * /api/Report/…: the admin panel's reports (tab "Reportistica"). Platform admins only. The spec's
 * GET /api/PBITokens (workspaceId, reportId) handed out tokens for an external report service; our reports are
 * the portal's own data, so they keep its address (workspaceId, reportId) under a controller of their own
 * (docs/decisions/0041-reports.md).
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: Reports }> = async (app, { reports }) => {
  app.get(
    '/api/Report/GetReportList',
    { config: { access: adminOnly }, schema: { response: { 200: reportListSchema, ...errors } } },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return reports.list();
    },
  );

  app.get(
    '/api/Report/GetReport',
    { config: { access: adminOnly }, schema: { querystring: reportQuerySchema, response: { 200: reportSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return reports.report(request.query);
    },
  );

  /** The report's tables as "Report-{rid}-{fund}.xlsx", streamed as it is written. */
  app.get(
    '/api/Report/DownloadExcelReport',
    {
      config: { access: adminOnly },
      schema: {
        querystring: reportQuerySchema,
        response: { 200: fileResponse('Report-{rid}-{fondo}.xlsx, scritto mentre è inviato.', [MEDIA_TYPES.xlsx]), ...errors },
      },
    },
    async (request, reply) => {
      const report = await reports.report(request.query);
      const stream = workbookStream((out) => writeReportWorkbook(out, report), request.log, 'report export');
      return reply
        .type(MEDIA_TYPES.xlsx)
        .header('content-disposition', attachmentDisposition(reportFileName(report.reportId, report.filters)))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
