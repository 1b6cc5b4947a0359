import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { installErrorHandler } from './errors.ts';
import { AccessLog } from './accessLog.ts';
import { installInputLimits } from './requestInput.ts';
import { securityHeaders } from './http/securityHeaders.ts';
import { noStore } from './http/noStore.ts';
import { publicOrigin } from './http/publicOrigin.ts';
import { withLogRedaction } from './http/logRedaction.ts';
import { installSlowClientLimits, slowClientServerOptions } from './http/slowClients.ts';
import { createRateLimiter, DEFAULT_RATE_LIMITS, type RateLimits } from './rateLimits/rateLimiter.ts';
import { createMemoryRateLimitStore } from './rateLimits/memoryStore.ts';
import { createRedisRateLimitStore } from './rateLimits/redisStore.ts';
import { installApiRateLimits } from './rateLimits/apiRateLimits.ts';
import { createAccountStore } from './idp/accounts.ts';
import { loadCookieSecret, loadEmbeddedIdpSecrets } from './idp/secrets.ts';
import { createEmbeddedProvider } from './idp/provider.ts';
import { embeddedIdpPlugin } from './idp/idp.plugin.ts';
import { createEmailVerificationSender, type EmailVerificationSender } from './idp/emailVerification.ts';
import { legalPlaceholders, readLegalTexts } from './legal/legalTexts.ts';
import { legalRoutes } from './routes/legal.routes.ts';
import { purgeExpiredPayloads } from './idp/adapter.ts';
import { createPasswordResets, purgeExpiredPasswordResets, type PasswordResets } from './idp/passwordResets.ts';
import { createPasswordChanges, type PasswordChanges } from './idp/passwordChanges.ts';
import { createEmbeddedOidcClient, createExternalOidcClient, type OidcClient } from './auth/oidcClient.ts';
import { installAuthentication } from './auth/authenticate.ts';
import { installAccess, requireAccessDeclarations } from './auth/access.ts';
import { createUserRepository } from './auth/users.ts';
import { createMembership } from './auth/membership.ts';
import { createInvitations } from './auth/invitations.ts';
import { createMailer } from './mail/mailer.ts';
import { countingMailer, countingRateLimiter } from './operations/counting.ts';
import { createMetrics } from './operations/metrics.ts';
import { operationsRoutes } from './operations/operations.routes.ts';
import { createReadiness } from './operations/readiness.ts';
import { createTerritory, type Territory } from './reference/territory.ts';
import { loadReferenceData, type ReferenceData } from './reference/referenceData.ts';
import { jwtRoutes } from './routes/jwt.routes.ts';
import { createSignInIdentity } from './auth/signInIdentity.ts';
import { createRefreshRenewals, purgeExpiredRenewals } from './auth/refreshRenewals.ts';
import { userRoutes } from './routes/user.routes.ts';
import { passwordRoutes } from './routes/password.routes.ts';
import { organizationRoutes } from './routes/organization.routes.ts';
import { createOrganizationRepository } from './organizations/organizationRepository.ts';
import { joinRequestRoutes } from './routes/joinRequest.routes.ts';
import { createJoinRequests } from './organizations/joinRequests.ts';
import { typologyRoutes } from './routes/typology.routes.ts';
import { sendEmailRoutes } from './routes/sendEmail.routes.ts';
import { callsWarnings, readCalls, seedCalls } from './reference/calls.ts';
import { createApplicationRepository } from './applications/repository.ts';
import { createStatusChanges } from './applications/statusChanges.ts';
import { createAdminList } from './applications/adminList.ts';
import { createApplicationSubmission, type MissingRequiredAttachments } from './applications/submitApplication.ts';
import type { ServerFund } from './applications/fundModule.ts';
import type { Fund } from '../domain/applicationStatus.ts';
import { createPortalFunds } from './funds/portalFunds.ts';
import { createIntegrations } from './integrations/integrations.ts';
import { integrationRoutes } from './routes/integration.routes.ts';
import { callRoutes } from './routes/call.routes.ts';
import { createHandOverGate } from './applications/handOverGate.ts';
import { renderQueueStats } from './pdf/renderThread.ts';
import { createStoredReceipts } from './receipts/storedReceipts.ts';
import { fundControllerRoutes } from './routes/fundController.routes.ts';
import { draftCompilazioneRoutes } from './routes/draftCompilazione.routes.ts';
import { createReferenceNames } from './exports/referenceNames.ts';
import { adminOrganizationsRoutes } from './routes/adminOrganizations.routes.ts';
import { organizationAdminRoutes } from './routes/organizationAdmin.routes.ts';
import { createOrganizationAdminActs } from './organizations/adminActs.ts';
import { fileUploadRoutes } from './routes/fileUpload.routes.ts';
import { bulkActionRoutes } from './routes/bulkAction.routes.ts';
import { createBulkActions } from './applications/bulkActions.ts';
import { timelineRoutes } from './routes/timeline.routes.ts';
import { createItemValueText } from './integrations/items.ts';
import { createEvaluations } from './evaluations/evaluations.ts';
import { createApplicationNotes } from './timeline/applicationNotes.ts';
import { createExportLog } from './timeline/exportLog.ts';
import { seedAttachmentTypes } from './reference/attachmentTypes.ts';
import { createAttachmentRepository } from './attachments/repository.ts';
import { createConfiguredStorage } from './storage/configuredStorage.ts';
import type { FileStorage } from './storage/fileStorage.ts';
import { sweepAbandonedUploads } from './storage/abandonedUploads.ts';
import { readSurveyDefinitions, seedSurveyDefinitions } from './surveys/definitions.ts';
import { monitoringAnswersForArchive, reviewAnswersForArchive } from './surveys/archivedAnswers.ts';
import { createSurveys } from './surveys/surveys.ts';
import { sjSurveyRoutes } from './routes/sjSurvey.routes.ts';
import { installCompression } from './delivery/compression.ts';
import { serveBuiltClient } from './delivery/staticClient.ts';
import { reportsRoutes } from './routes/reports.routes.ts';
import { createReports } from './reports/reports.ts';
import { createPlaceNames } from './reports/placeNames.ts';
import { createMonitoring } from './monitoring/monitoring.ts';
import { readMonitoringPeriods, seedMonitoringPeriods } from './monitoring/periods.ts';
import { createMonitoringReminders, REMINDER_INTERVAL_MS } from './monitoring/reminders.ts';
import { createClosingReminders } from './applications/closingReminders.ts';
import { createStatusNotifications, type AttachmentsFor } from './notifications/statusNotifications.ts';
import { monitoraggioRoutes } from './routes/monitoraggio.routes.ts';
import { receiptRoutes } from './routes/receipt.routes.ts';
import { domandaRoutes } from './routes/domanda.routes.ts';
import { createSignedDomanda } from './domanda/signedDomanda.ts';
import { loadSignatureTrust } from './signatures/trust.ts';
import { issueReceiptOnHandOver, receiptMailAttachments, receiptProtocols, receiptsForArchive } from './receipts/receipts.ts';
import { projectPath } from './projectRoot.ts';
import { catalogueApiRoutes } from './openapi/routeCatalogue.ts';
import { openApiRoutes } from './openapi/openApi.routes.ts';
import { messages } from '../domain/messages.ts';

const CLIENT_DIST = projectPath('dist');
const HOUR = 60 * 60 * 1000;

export interface BuildAppOptions {
  config: Config;
  /** An already open database (tests pass a fresh one); otherwise the configured one is opened. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /**
   * Which mandatory attachment slots are still empty, checked before a submission (422). Supplied by the
   * attachments module; tests may pass their own. Without it, submissions do not check attachments.
   */
  missingRequiredAttachments?: MissingRequiredAttachments;
  /**
   * Funds registered beside the portal's own (tests register a made-up one to prove a fund is a definition
   * and a registry entry). Each needs its row in `calls`.
   */
  extraFunds?: (context: { territory: Territory; reference: ReferenceData }) => ServerFund[];
  /** Where attachments are stored; the configured store otherwise (tests pass one that fails like a full disk). */
  storage?: FileStorage;
  /** How often, and after how long untouched, leftovers of interrupted uploads are swept (hourly / an hour). */
  uploadSweep?: { everyMs?: number; olderThanMs?: number };
  /**
   * Whether the background jobs run in this process: the monitoring reminders, the reminders before a call closes, the status e-mails still due and the
   * expiry of join requests past their term (tests drive them themselves with false; a status change still sends its
   * e-mail as it commits).
   */
  startReminderJob?: boolean;
  /** The files a status e-mail carries; by default a hand-over's receipt (server/receipts/). */
  attachmentsFor?: AttachmentsFor;
  /** Lower limits for tests; the portal runs with DEFAULT_RATE_LIMITS. */
  rateLimits?: Partial<RateLimits>;
  /** Told of every route as it is registered (tests compare the OpenAPI document with what the app serves). */
  onRoute?: (route: RouteOptions) => void;
}

/** The whole portal as one Fastify instance: identity provider, API and the built single-page client. */
export async function buildApp({
  config,
  database,
  logger = false,
  missingRequiredAttachments,
  extraFunds,
  storage: suppliedStorage,
  uploadSweep,
  startReminderJob = true,
  rateLimits,
  onRoute,
  attachmentsFor,
}: BuildAppOptions) {
  // Reference data first: an invalid data file stops the start before anything is opened.
  const territory = createTerritory({ dir: config.referenceDataDir });
  const reference = await loadReferenceData({ dir: config.referenceDataDir, territory });
  // The survey definitions' files too (survey-core checks the new ones before they are stored, below).
  const surveyFiles = await readSurveyDefinitions(config.surveysDataDir);
  // The table of funds (domain/funds.ts) on the server: each fund's names and, once built, its application.
  const funds: ServerFund[] = [...createPortalFunds(territory, reference), ...(extraFunds?.({ territory, reference }) ?? [])];
  const fundEntries = funds.map((fund) => fund.entry);
  const referenceNames = createReferenceNames(territory, reference);
  const periodFile = await readMonitoringPeriods(
    config.monitoring.periodsFile,
    funds.map((fund) => fund.entry.fund),
  );
  const callFile = await readCalls(
    config.callsFile,
    funds.map((fund) => fund.entry.fund),
  );
  // The privacy notice and the accessibility statement: a bad file stops the start too.
  const legalTexts = await readLegalTexts(config.legalTextsDir);
  const { db, close, pool } = database ?? (await openDatabase(config.database));
  await seedCalls(db, callFile);
  await seedAttachmentTypes(db);
  await seedSurveyDefinitions(db, surveyFiles);
  await seedMonitoringPeriods(db, periodFile);
  const app = Fastify({
    logger: withLogRedaction(logger),
    logController: new AccessLog(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A drain (SIGTERM, server/main.ts) serves every request that reached the process: one that arrived on an
    // accepted connection while closing is answered, not refused with 503; new connections are no longer accepted.
    return503OnClosing: false,
    // Unique across processes and restarts: the id a 500 answer carries finds its one log line.
    genReqId: () => randomUUID(),
    // Headers, body and idle time each have a limit (server/http/slowClients.ts), whoever listens: main.ts or a test.
    ...slowClientServerOptions(config.slowClients),
  }).withTypeProvider<ZodTypeProvider>();
  installSlowClientLimits(app, config.slowClients);
  const placeholders = legalPlaceholders(legalTexts);
  if (placeholders.length > 0) {
    // People consent to the privacy notice at registration: it must name the real data controller and addresses.
    app.log.warn(
      { event: 'legal.placeholders', placeholders },
      'the privacy notice or the accessibility statement still holds the shipped placeholders: set LEGAL_TEXTS_DIR to your own copies (docs/CONFIGURATION.md)',
    );
  }
  for (const warning of callsWarnings(callFile)) app.log.warn({ event: 'calls.endOfWorksPast' }, warning);
  if (onRoute) app.addHook('onRoute', onRoute);
  // Every /api route declares who may call it (server/auth/access.ts): one that does not stops the start here.
  requireAccessDeclarations(app);
  // Every /api route as registered: the OpenAPI document (GET /api/openapi.json) is built from them.
  const apiRoutes = catalogueApiRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installInputLimits(app);
  app.addHook('onClose', async () => close());
  await app.register(securityHeaders, { publicUrlIsHttps: config.publicUrl.startsWith('https://') });
  await app.register(noStore);
  // A page opened on another address than PUBLIC_URL goes there first: the sign-in works on that one only.
  await app.register(publicOrigin, { publicUrl: config.publicUrl, trustProxy: config.trustProxy });

  await installCompression(app);
  await app.register(cookie, { secret: await loadCookieSecret(db) });

  const { redisUrl, redisKeyPrefix } = config.rateLimits;
  const rateLimitStore = redisUrl ? await createRedisRateLimitStore(redisUrl, redisKeyPrefix) : createMemoryRateLimitStore();
  // Prometheus metrics only when an operator asked for them (METRICS_TOKEN): otherwise nothing is counted.
  const metrics = config.metricsToken ? await createMetrics({ db, pool }) : undefined;
  metrics?.observeRequests(app);
  metrics?.watchQueue('pdf', renderQueueStats);
  const limiter = createRateLimiter(rateLimitStore, {
    ...DEFAULT_RATE_LIMITS,
    organizationsPerAccount: { ...DEFAULT_RATE_LIMITS.organizationsPerAccount, limit: config.rateLimits.organizationsPerAccountPerDay },
    ...rateLimits,
  });
  const rateLimiter = metrics ? countingRateLimiter(limiter, metrics.counters) : limiter;
  app.addHook('onClose', async () => rateLimiter.close());

  const accounts = createAccountStore(db, config.passwordHashCost);
  const users = createUserRepository(db, { adminEmail: config.admin.email });
  const membership = createMembership(db);
  const invitations = createInvitations(db, membership);
  const plainMailer = createMailer({ ...config.mail, log: app.log });
  const mailer = metrics ? countingMailer(plainMailer, metrics.counters) : plainMailer;
  // What the applicant's own status changes hand over, and what else a change writes, by lifecycle event.
  const integrations = createIntegrations(funds);
  // The click day's queue of hand-overs; the receipts' e-mails wait while it is busy (decision 0060).
  const handOvers = createHandOverGate(config.handOvers);
  // Every status the members are told of, e-mailed once its change has committed (server/notifications/).
  // A hand-over's e-mail carries the receipt that hand-over issued (in the same transaction as the change).
  const notifications = createStatusNotifications({
    db,
    membership,
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    // Read once the e-mail is sent, long after `storedReceipts` below exists.
    attachmentsFor:
      attachmentsFor ?? ((notification) => receiptMailAttachments(db, (receipt) => storedReceipts.pdfOf(receipt))(notification)),
    protocolFor: receiptProtocols(db),
    yieldTo: () => handOvers.quiet(),
  });
  const surveys = createSurveys({
    db,
    funds: fundEntries,
    missingMandatory: (tx, organizationId, fund, purpose) => createAttachmentRepository(tx).missingMandatory(organizationId, fund, purpose),
  });
  // Monitoring periods, their answers and reminders (server/monitoring/): the job sends each reminder once.
  const reminders = createMonitoringReminders({
    db,
    membership,
    mailer,
    publicUrl: config.publicUrl,
    daysBefore: config.monitoring.reminderDays,
    log: app.log,
  });
  // Drafts not handed over, 7 days and 48 hours before their call closes: each reminder sent once (decision 0010).
  const closingReminders = createClosingReminders({ db, membership, mailer, publicUrl: config.publicUrl, log: app.log });
  // Requests to join a registered organisation; every process marks those past their term expired (once each).
  const joinRequests = createJoinRequests({ db, membership, mailer, publicUrl: config.publicUrl, log: app.log });
  const monitoring = createMonitoring({ db, surveys, onPeriodOpened: () => reminders.runOnce().then(() => undefined) });
  if (startReminderJob) {
    let stop: (() => Promise<void>) | undefined;
    let stopNotifications: (() => Promise<void>) | undefined;
    let stopJoinExpiry: (() => Promise<void>) | undefined;
    let stopClosingReminders: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = reminders.start();
      stopClosingReminders = closingReminders.start(REMINDER_INTERVAL_MS);
      stopNotifications = notifications.start();
      stopJoinExpiry = joinRequests.start();
    });
    app.addHook('onClose', async () => {
      await stop?.();
      await stopNotifications?.();
      await stopJoinExpiry?.();
      await stopClosingReminders?.();
    });
  }
  app.addHook('onClose', async () => notifications.idle());
  const applications = {
    repository: createApplicationRepository(db),
    statusChanges: createStatusChanges(db, {
      preconditions: { ...integrations.preconditions, ...surveys.preconditions, ...monitoring.preconditions },
      effects: { ...integrations.effects, ...surveys.effects, ...monitoring.effects },
      exits: integrations.exits,
      // Every hand-over (Candidatura, Integrazione, Istruttoria Sottomessa, Monitoraggio Sottomesso) gets its receipt.
      recorders: [issueReceiptOnHandOver],
      onAfterCommitError: (err, transition) => app.log.error({ err, event: transition.event }, 'after a status change'),
      onNotificationCommitted: () => notifications.kick(),
    }),
  };
  app.addHook('onClose', async () => mailer.close());
  const attachmentRepository = createAttachmentRepository(db);
  const exportLog = createExportLog(db);
  const storage = suppliedStorage ?? (await createConfiguredStorage(config.files));
  const sweep = sweepAbandonedUploads(storage, app.log, uploadSweep);
  const storedReceipts = createStoredReceipts({ db, storage, log: app.log });
  app.addHook('onClose', async () => sweep.stop());
  // The mandatory slots still empty (spec §5: submit needs every required attachment); tests may supply their own.
  const missingAttachments: MissingRequiredAttachments =
    missingRequiredAttachments ?? ((organizationId, fund) => attachmentRepository.missingMandatory(organizationId, fund));
  const submissions = createApplicationSubmission({
    db,
    statusChanges: applications.statusChanges,
    missingRequiredAttachments: missingAttachments,
    // The call may require the Domanda signed by the legal representative, exactly as it is handed over (decision 0008).
    signatureCheck: (organizationId, fund, values) => signedDomanda.checkBeforeHandOver(organizationId, fund, values),
  });
  const signedDomanda = createSignedDomanda({
    db,
    funds,
    applications: applications.repository,
    attachments: attachmentRepository,
    missingRequiredAttachments: missingAttachments,
    submissions,
    storage,
    territory,
    names: referenceNames,
    trust: await loadSignatureTrust({ ...config.signatureTrust, dataDir: config.dataDir }),
  });

  // What an application's zip holds beside its attachments: the single zip's route and the bulk zip share it.
  const archive = {
    reviewAnswers: (organizationId: string, fund: Fund) => reviewAnswersForArchive(db, organizationId, fund),
    monitoringAnswers: (organizationId: string, fund: Fund) => monitoringAnswersForArchive(db, organizationId, fund),
    receipts: (organizationId: string, fund: Fund) => receiptsForArchive(db, storedReceipts.pdfOf, organizationId, fund),
    signedDomanda: (organizationId: string, fund: Fund) => signedDomanda.forArchive(organizationId, fund),
  };
  // Actions on many applications at once (issue 44): any process works them, and takes over a dead one's.
  const bulkActions = createBulkActions({
    db,
    statusChanges: applications.statusChanges,
    storage,
    archive: { ...archive, repository: attachmentRepository },
    excel: {
      definitionOf: (fund) => funds.find((candidate) => candidate.entry.fund === fund)?.application?.definition ?? null,
      names: referenceNames,
    },
    exportLog,
    log: app.log,
    leaseMs: config.bulkActions.leaseMs,
  });
  if (startReminderJob) {
    const stopBulkActions = bulkActions.start();
    app.addHook('onClose', async () => stopBulkActions());
  } else {
    app.addHook('onClose', async () => bulkActions.idle());
  }

  const renewals = createRefreshRenewals(db, {
    reuseSeconds: config.refreshTokenReuseSeconds,
    onRecordError: (err) => app.log.error({ err }, 'a token renewal could not be recorded for its reuse window'),
  });
  const purgeRenewals = setInterval(() => purgeExpiredRenewals(db).catch((err) => app.log.warn({ err }, 'purge failed')), HOUR);
  purgeRenewals.unref();
  app.addHook('onClose', async () => clearInterval(purgeRenewals));

  let oidc: OidcClient;
  let passwordChanges: PasswordChanges | undefined;
  let passwordResets: PasswordResets | undefined;
  let emailVerification: EmailVerificationSender | undefined;
  if (config.oidc.mode === 'embedded') {
    emailVerification = createEmailVerificationSender({ accounts, mailer, publicUrl: config.publicUrl, rateLimiter, log: app.log });
    const secrets = await loadEmbeddedIdpSecrets(db);
    const provider = createEmbeddedProvider({
      db,
      accounts,
      issuer: config.oidc.issuer,
      publicUrl: config.publicUrl,
      clientId: config.oidc.clientId,
      clientSecret: secrets.clientSecret,
      redirectUri: config.redirectUri,
      postLogoutRedirectUri: config.postLogoutRedirectUri,
      apiAudience: config.oidc.audience,
      accessTokenTtlSeconds: config.oidc.accessTokenTtlSeconds,
      signingKeys: secrets.signingKeys,
      cookieKeys: secrets.cookieKeys,
      secureCookies: config.secureCookies,
    });
    // A password reset or change ends the account's refresh tokens; the reuse window forgets their renewals.
    const onRefreshTokensEnded = (refreshTokens: string[]) => renewals.forgetAll(refreshTokens);
    passwordResets = createPasswordResets({
      db,
      mailer,
      publicUrl: config.publicUrl,
      log: app.log,
      hashPassword: accounts.hashPassword,
      onRefreshTokensEnded,
      rateLimiter,
    });
    // Links asked for just before a shutdown are still stored and mailed before the database closes.
    app.addHook('preClose', async () => passwordResets?.settled());
    passwordChanges = createPasswordChanges({ db, accounts, resets: passwordResets, rateLimiter, onRefreshTokensEnded });
    await app.register(embeddedIdpPlugin, {
      provider,
      accounts,
      publicUrl: config.publicUrl,
      rateLimiter,
      passwordResets,
      emailVerification,
      privacyNoticeVersion: legalTexts.privacy.version,
    });
    oidc = createEmbeddedOidcClient(app, { ...config, oidc: config.oidc }, secrets);
    const purge = setInterval(
      () =>
        Promise.all([purgeExpiredPayloads(db), purgeExpiredPasswordResets(db), accounts.purgeEmailVerifications()]).catch((err) =>
          app.log.warn({ err }, 'purge failed'),
        ),
      HOUR,
    );
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));
  } else {
    oidc = createExternalOidcClient({ ...config, oidc: config.oidc });
  }

  await app.register(async (api) => {
    installAuthentication(api, { oidc, users });
    installApiRateLimits(api, rateLimiter);
    // After the rate limits, so a refused caller still spends their allowance (decision 0038).
    installAccess(api, { membership, externalProvider: config.oidc.mode === 'external' });
    await api.register(jwtRoutes, {
      oidc,
      renewals,
      signInIdentity: createSignInIdentity({ oidc, users }),
      redirectUri: config.redirectUri,
      postLogoutRedirectUri: config.postLogoutRedirectUri,
      secureCookies: config.secureCookies,
    });
    await api.register(userRoutes, { users, db, resendVerification: emailVerification?.resend });
    await api.register(passwordRoutes, { issuer: config.oidc.issuer, passwordChanges });
    await api.register(legalRoutes, { texts: legalTexts });
    await api.register(organizationRoutes, {
      organizations: createOrganizationRepository({ db, membership, territory }),
      membership,
      invitations,
      territory,
    });
    await api.register(joinRequestRoutes, { db, joinRequests });
    await api.register(sendEmailRoutes, { invitations, mailer, publicUrl: config.publicUrl });
    await api.register(typologyRoutes, { territory, reference });
    await api.register(callRoutes, { db });
    metrics?.watchQueue('handovers', handOvers.stats);
    for (const fund of funds) await api.register(fundControllerRoutes, { ...applications, submissions, handOvers, fund });
    for (const fund of funds) if (fund.routes) await api.register(fund.routes);
    await api.register(draftCompilazioneRoutes, { ...applications, db, funds, referenceNames, exportLog });
    await api.register(domandaRoutes, { signedDomanda, repository: applications.repository, funds: fundEntries });
    await api.register(adminOrganizationsRoutes, { ...applications, adminList: createAdminList(db, fundEntries) });
    await api.register(organizationAdminRoutes, {
      db,
      acts: createOrganizationAdminActs({ db, membership, mailer, publicUrl: config.publicUrl, log: app.log }),
    });
    await api.register(reportsRoutes, {
      reports: createReports({ db, places: createPlaceNames(territory, reference), funds: fundEntries }),
    });
    await api.register(sjSurveyRoutes, { repository: applications.repository, surveys, monitoring });
    await api.register(monitoraggioRoutes, { repository: applications.repository, monitoring, funds: surveys.funds });
    await api.register(receiptRoutes, { db, repository: applications.repository, storedReceipts });
    await api.register(integrationRoutes, { db, repository: applications.repository, items: integrations.items });
    await api.register(bulkActionRoutes, { bulkActions });
    await api.register(fileUploadRoutes, {
      repository: attachmentRepository,
      storage,
      maxUploadBytes: config.files.maxUploadBytes,
      funds: fundEntries,
      archive,
      exportLog,
    });
    await api.register(timelineRoutes, {
      db,
      repository: applications.repository,
      notes: createApplicationNotes(db),
      valueText: createItemValueText(funds, referenceNames),
      evaluations: createEvaluations({ db, funds: fundEntries }),
    });
    await api.register(openApiRoutes, { routes: apiRoutes, publicUrl: config.publicUrl });
  });

  const readiness = createReadiness({ db, storage: () => storage.ready(), redis: rateLimitStore.ping?.bind(rateLimitStore) });
  await app.register(operationsRoutes, {
    readiness,
    metrics: metrics && config.metricsToken ? { registry: metrics.registry, token: config.metricsToken } : undefined,
    detailsToken: config.metricsToken,
  });

  const sendClientPage = await serveBuiltClient(app, CLIENT_DIST, { loginLabel: config.loginLabel });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/idp');
    // Client-side routes (and its own 404 page) are the SPA's: serve it for any other page navigation (a missing file
    // is answered 404 by sendClientPage itself).
    if (!isApi && sendClientPage && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendClientPage(request, reply);
    }
    return reply.code(404).send({ error: 'not_found', message: messages.generic.notFound });
  });

  // passwordResets: tests wait for the links requested so far to be stored and mailed.
  return { app, accounts, db, reminders, closingReminders, notifications, joinRequests, readiness, passwordResets, bulkActions };
}
