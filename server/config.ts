import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PASSWORD_HASH_COST } from './idp/passwords.ts';
import { DEFAULT_MAX_ORGANIZATIONS_PER_ACCOUNT_PER_DAY } from './rateLimits/rateLimiter.ts';

/**
 * The whole configuration, read once from the environment. Every variable is listed in docs/CONFIGURATION.md
 * with its default; nothing else configures the server.
 */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

/** The embedded provider's access tokens live 15 minutes: a stolen one is soon worthless; the client renews on a 401. */
export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/**
 * How long a refresh token just rotated by a renewal is still accepted, answering that renewal's tokens again
 * (server/auth/refreshRenewals.ts): long enough for two tabs or a retried request, short enough that a stolen
 * old token is not a way in.
 */
export const DEFAULT_REFRESH_TOKEN_REUSE_SECONDS = 10;

/** The OpenID Connect claim of SPID and CIE that carries the person's codice fiscale, as `TINIT-<code>`. */
export const FISCAL_NUMBER_CLAIM = 'fiscal_number';

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
    REFERENCE_DATA_DIR: optionalString,
    SURVEYS_DATA_DIR: optionalString,
    MONITORING_PERIODS_FILE: optionalString,
    CALLS_FILE: optionalString,
    LEGAL_TEXTS_DIR: optionalString,
    MONITORING_REMINDER_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(365).default(7)),
    DATABASE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
    OIDC_ISSUER: z.preprocess(emptyToUndefined, z.string().url().optional()),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_AUDIENCE: optionalString,
    OIDC_TRUST_EMAIL: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
    OIDC_FISCAL_CODE_CLAIM: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9_:./-]{1,100}$/, 'a claim name: letters, digits and _ : . / - only')
        .default(FISCAL_NUMBER_CLAIM),
    ),
    OIDC_LOGIN_LABEL: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(60).optional()),
    OIDC_MAX_TOKEN_LIFETIME_MINUTES: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int()
        .min(1)
        .max(24 * 60)
        .default(120),
    ),
    REFRESH_TOKEN_REUSE_SECONDS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).max(60).default(DEFAULT_REFRESH_TOKEN_REUSE_SECONDS),
    ),
    IDP_ACCESS_TOKEN_TTL_SECONDS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(DEFAULT_ACCESS_TOKEN_TTL_SECONDS).optional(),
    ),
    PASSWORD_HASH_COST: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).max(17).default(DEFAULT_PASSWORD_HASH_COST)),
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.string().email().default('admin@portale-fondi.local')),
    ADMIN_PASSWORD: optionalString,
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .url()
        .refine((url) => /^smtps?:\/\//i.test(url), 'SMTP_URL must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((from) => !/[\r\n]/.test(from), 'MAIL_FROM must be a single line')
        .default('"Portale Fondi" <noreply@portale-fondi.local>'),
    ),
    S3_ENDPOINT: z.preprocess(emptyToUndefined, z.string().url().optional()),
    S3_BUCKET: optionalString,
    S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
    REDIS_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .url()
        .refine((url) => /^rediss?:\/\//i.test(url), 'REDIS_URL must start with redis:// or rediss://')
        .optional(),
    ),
    MAX_ORGANIZATIONS_PER_ACCOUNT_PER_DAY: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(1000).default(DEFAULT_MAX_ORGANIZATIONS_PER_ACCOUNT_PER_DAY),
    ),
    REDIS_KEY_PREFIX: z.preprocess(emptyToUndefined, z.string().max(100).default('portale-fondi:')),
    MAX_UPLOAD_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1024).default(25)),
    METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
    SHUTDOWN_GRACE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(600).default(25)),
    SHUTDOWN_DRAIN_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(60).default(2)),
    HEADERS_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(60).default(10)),
    BODY_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(300).default(20)),
    HANDOVER_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(9).default(4)),
    HANDOVER_QUEUE_LENGTH: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(100_000).default(1000)),
    /** How long a process holds the bulk-action work it claimed before another takes it over (issue 44). */
    BULK_LEASE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1000).max(3_600_000).default(60_000)),
    HANDOVER_QUEUE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(60_000).default(2000)),
    UPLOAD_STALL_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(300).default(15)),
    UPLOAD_MIN_BYTES_PER_SECOND: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int()
        .min(1)
        .max(1024 * 1024)
        .default(1024),
    ),
    REQUEST_TIMEOUT_SECONDS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int()
        .min(60)
        .max(24 * 3600)
        .default(3600),
    ),
    KEEP_ALIVE_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(600).default(72)),
    IDLE_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3600).default(120)),
    SIGNATURE_TRUST_DIR: optionalString,
    SIGNATURE_TRUST_LIST: optionalString,
    LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  })
  .superRefine((env, ctx) => {
    if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_ID'], message: 'OIDC_CLIENT_ID is required with OIDC_ISSUER' });
    }
    if (env.OIDC_ISSUER && env.IDP_ACCESS_TOKEN_TTL_SECONDS !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['IDP_ACCESS_TOKEN_TTL_SECONDS'],
        message: 'IDP_ACCESS_TOKEN_TTL_SECONDS applies to the embedded provider only: an external provider sets its own lifetimes',
      });
    }
    if (!env.OIDC_ISSUER && env.OIDC_TRUST_EMAIL === 'true') {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_TRUST_EMAIL'],
        message: 'OIDC_TRUST_EMAIL applies to an external provider (OIDC_ISSUER) only: the embedded provider verifies addresses itself',
      });
    }
    if (!env.OIDC_ISSUER && env.OIDC_FISCAL_CODE_CLAIM !== FISCAL_NUMBER_CLAIM) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_FISCAL_CODE_CLAIM'],
        message: `OIDC_FISCAL_CODE_CLAIM applies to an external provider (OIDC_ISSUER) only: the embedded provider sends ${FISCAL_NUMBER_CLAIM}`,
      });
    }
    if (env.S3_ENDPOINT && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_BUCKET is required with S3_ENDPOINT' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
    }
    if (env.SIGNATURE_TRUST_DIR !== undefined && env.SIGNATURE_TRUST_LIST !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['SIGNATURE_TRUST_LIST'],
        message: 'SIGNATURE_TRUST_DIR and SIGNATURE_TRUST_LIST exclude each other: set one',
      });
    }
    if (env.ADMIN_PASSWORD !== undefined && env.ADMIN_PASSWORD.length < 10) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_PASSWORD must be at least 10 characters' });
    }
  });

/** The audience our API expects in access tokens issued by the embedded provider. */
export const EMBEDDED_API_AUDIENCE = 'urn:portale-fondi:api';
export const EMBEDDED_CLIENT_ID = 'portale-fondi';
export const IDP_MOUNT_PATH = '/idp';

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  const external = e.OIDC_ISSUER
    ? {
        mode: 'external' as const,
        issuer: e.OIDC_ISSUER,
        clientId: e.OIDC_CLIENT_ID!,
        clientSecret: e.OIDC_CLIENT_SECRET,
        audience: e.OIDC_AUDIENCE ?? e.OIDC_CLIENT_ID!,
        maxAccessTokenLifetime: e.OIDC_MAX_TOKEN_LIFETIME_MINUTES * 60,
        /** Every address the provider gives counts as verified, whatever its email_verified says (or does not say). */
        trustEmail: e.OIDC_TRUST_EMAIL === 'true',
        /** The claim that carries the person's codice fiscale (SPID and CIE: `fiscal_number`, as `TINIT-<code>`). */
        fiscalCodeClaim: e.OIDC_FISCAL_CODE_CLAIM,
      }
    : undefined;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    dataDir,
    /** The wizard's reference lists (server/reference/lists when unset); see server/reference/lists/README.md. */
    referenceDataDir: e.REFERENCE_DATA_DIR === undefined ? undefined : path.resolve(e.REFERENCE_DATA_DIR),
    /** The review and monitoring survey definitions (server/reference/surveys when unset); see server/reference/surveys/README.md. */
    surveysDataDir: e.SURVEYS_DATA_DIR === undefined ? undefined : path.resolve(e.SURVEYS_DATA_DIR),
    /** The calls of every fund: dates, end-of-works limit, thresholds (server/reference/calls/calls.json when unset). */
    callsFile: e.CALLS_FILE === undefined ? undefined : path.resolve(e.CALLS_FILE),
    /** Monitoring periods of every fund (server/reference/monitoring/periods.json when unset) and the reminders' lead. */
    monitoring: {
      periodsFile: e.MONITORING_PERIODS_FILE === undefined ? undefined : path.resolve(e.MONITORING_PERIODS_FILE),
      reminderDays: e.MONITORING_REMINDER_DAYS,
    },
    /** The privacy notice and the accessibility statement (server/reference/legal when unset); see server/reference/legal/README.md. */
    legalTextsDir: e.LEGAL_TEXTS_DIR === undefined ? undefined : path.resolve(e.LEGAL_TEXTS_DIR),
    database: e.DATABASE_URL
      ? ({ kind: 'postgres', url: e.DATABASE_URL } as const)
      : ({ kind: 'pglite', dir: path.join(dataDir, 'db') } as const),
    oidc:
      external ??
      ({
        mode: 'embedded' as const,
        issuer: `${publicUrl}${IDP_MOUNT_PATH}`,
        clientId: EMBEDDED_CLIENT_ID,
        audience: EMBEDDED_API_AUDIENCE,
        /** Shorter than the default only in tests that watch access tokens expire. */
        accessTokenTtlSeconds: e.IDP_ACCESS_TOKEN_TTL_SECONDS ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
      } as const),
    /** The welcome page's sign-in button (OIDC_LOGIN_LABEL, e.g. "Entra con SPID o CIE"); unset: «Accedi». */
    loginLabel: e.OIDC_LOGIN_LABEL,
    /** Seconds a just-rotated refresh token still answers the tokens its renewal issued (server/auth/refreshRenewals.ts). */
    refreshTokenReuseSeconds: e.REFRESH_TOKEN_REUSE_SECONDS,
    admin: { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD },
    /** scrypt's cost for new password hashes, N = 2^cost (server/idp/passwords.ts); lower only in tests. */
    passwordHashCost: e.PASSWORD_HASH_COST,
    trustProxy: e.TRUST_PROXY === 'true',
    /**
     * The click day's queue (server/applications/handOverGate.ts): hand-overs at once per process (below the pool's
     * 10 connections), how many may wait, and for how long before a 503 that tells the browser to retry.
     */
    handOvers: { concurrency: e.HANDOVER_CONCURRENCY, queueLength: e.HANDOVER_QUEUE_LENGTH, queueMs: e.HANDOVER_QUEUE_MS },
    /** The actions on many applications at once (server/applications/bulkActions.ts): the lease of claimed work. */
    bulkActions: { leaseMs: e.BULK_LEASE_MS },
    /** Without SMTP_URL, messages are written to DATA_DIR/outbox as .eml files. */
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    /** Uploaded attachments: DATA_DIR/files, or the S3 bucket when S3_BUCKET is set; at most MAX_UPLOAD_MB each. */
    files: {
      dir: path.join(dataDir, 'files'),
      maxUploadBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
          }
        : undefined,
    },
    /** How long a slow client may take (server/http/slowClients.ts), in milliseconds. */
    slowClients: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      bodyTimeoutMs: e.BODY_TIMEOUT_SECONDS * 1000,
      uploadStallMs: e.UPLOAD_STALL_SECONDS * 1000,
      uploadMinBytesPerSecond: e.UPLOAD_MIN_BYTES_PER_SECOND,
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: e.IDLE_TIMEOUT_SECONDS * 1000,
    },
    /**
     * Whom the signed Domanda's signatures must chain to (server/signatures/trust.ts): a folder of CA certificates or
     * AgID's trusted list; neither, the trial authority alone (trial signatures, without legal value).
     */
    signatureTrust: {
      trustDir: e.SIGNATURE_TRUST_DIR === undefined ? null : path.resolve(e.SIGNATURE_TRUST_DIR),
      trustList: e.SIGNATURE_TRUST_LIST === undefined ? null : path.resolve(e.SIGNATURE_TRUST_LIST),
    },
    logLevel: e.LOG_LEVEL,
    /** /metrics is served only with METRICS_TOKEN, to requests that carry it as a bearer token. */
    metricsToken: e.METRICS_TOKEN,
    /** How long a SIGTERM waits for the requests in flight before the process ends anyway. */
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    /** Rate limits' counters: in memory, or in Redis (shared by every process) with REDIS_URL. */
    rateLimits: {
      redisUrl: e.REDIS_URL,
      redisKeyPrefix: e.REDIS_KEY_PREFIX,
      /** CreateOrganization per account in 24 hours (the limit organizationsPerAccount). */
      organizationsPerAccountPerDay: e.MAX_ORGANIZATIONS_PER_ACCOUNT_PER_DAY,
    },
    redirectUri: `${publicUrl}/login-callback`,
    postLogoutRedirectUri: `${publicUrl}/logout-callback`,
  };
}
