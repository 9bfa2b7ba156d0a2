import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsTimeZone,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
} from 'class-validator';

const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : ['1', 'true', 'yes'].includes(String(value).toLowerCase());

/** Environment variables the API reads; validated at start. */
class EnvVars {
  @IsOptional() @IsIn(['development', 'production', 'test']) NODE_ENV?: string;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT?: number;
  @IsOptional() @IsString() HOST?: string;
  @IsOptional()
  @Matches(/^(mysql|mariadb):\/\/[^\s]+$/, {
    message: 'DATABASE_URL must look like mysql://user:password@host:3306/database (or mariadb://...)',
  })
  DATABASE_URL?: string;
  @IsOptional() @IsString() DATA_DIR?: string;
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' })
  JWT_SECRET?: string;
  @IsOptional()
  @Matches(/^\d+[smhd]$/, { message: 'JWT_EXPIRES_IN must be a number followed by s, m, h or d (e.g. 8h)' })
  JWT_EXPIRES_IN?: string;
  @IsOptional() @Transform(toBool) @IsBoolean() SEED_DEMO?: boolean;
  @IsOptional() @IsIn(['on', 'off'], { message: 'READ_CACHE must be on or off' }) READ_CACHE?: string;
  @IsOptional() @IsIn(['0', '1'], { message: 'TRUST_PROXY must be 0 or 1' }) TRUST_PROXY?: string;
  @IsOptional()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must look like redis://host:6379' })
  REDIS_URL?: string;
  @IsOptional() @IsString() CORS_ORIGINS?: string;
  @IsOptional() @IsString() WEB_DIR?: string;
  @IsOptional() @IsString() REMOTE_URLS?: string;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(1)
  LOGIN_LIMIT_PER_IP?: number;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(1)
  LOGIN_LIMIT_PER_ACCOUNT?: number;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(1)
  LOGIN_DELAY_MAX_SECONDS?: number;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(1)
  REGISTER_LIMIT_PER_IP?: number;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(1)
  UPLOAD_DAILY_COUNT?: number;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(1)
  UPLOAD_DAILY_BYTES?: number;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(100)
  DB_QUERY_TIMEOUT_MS?: number;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(100)
  DB_ACQUIRE_TIMEOUT_MS?: number;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(100)
  REDIS_TIMEOUT_MS?: number;
  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must look like smtp://user:password@host:587 (or smtps://...)' })
  SMTP_URL?: string;
  @IsOptional()
  @Matches(/^(.*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, {
    message: 'MAIL_FROM must be an e-mail address, optionally with a name: Portal <portal@school.edu>',
  })
  MAIL_FROM?: string;
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, { message: 'PUBLIC_URL must look like https://portal.school.edu' })
  PUBLIC_URL?: string;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(0)
  @Max(1440)
  GUARDIAN_NOTICE_DELAY_MINUTES?: number;
  @IsOptional()
  @Matches(/^https:\/\/[^\s/]+(\/[^\s]*)?$/, {
    message: "OIDC_ISSUER must be the provider's https address, such as https://accounts.google.com",
  })
  OIDC_ISSUER?: string;
  @IsOptional() @IsString() OIDC_CLIENT_ID?: string;
  @IsOptional() @IsString() OIDC_CLIENT_SECRET?: string;
  @IsOptional() @IsString() OIDC_LABEL?: string;
  @IsOptional()
  @Matches(/^[A-Za-z_][\w.-]*$/, { message: 'OIDC_VERIFIED_CLAIM must name a claim, such as xms_edov' })
  OIDC_VERIFIED_CLAIM?: string;
  @IsOptional()
  @IsIn(['all', 'students-only'], { message: 'PASSWORD_SIGNIN must be all or students-only' })
  PASSWORD_SIGNIN?: string;
  @IsOptional()
  @IsIn(['required', 'off'], { message: 'ADMIN_MFA must be required or off' })
  ADMIN_MFA?: string;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(1000)
  @Max(3600000)
  SMTP_CIRCUIT_OPEN_MS?: number;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(100)
  @Max(120000)
  SMTP_TIMEOUT_MS?: number;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(100)
  @Max(600000)
  SHUTDOWN_TIMEOUT_MS?: number;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(0)
  @Max(3600000)
  OUTBOX_POLL_MS?: number;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(0)
  @Max(3600000)
  GRIEVANCE_SWEEP_MS?: number;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(0)
  @Max(3600000)
  DIGEST_SWEEP_MS?: number;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(0)
  @Max(86400000)
  PURGE_SWEEP_MS?: number;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(0)
  @Max(3600000)
  CHAT_DELIVERY_SWEEP_MS?: number;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(0)
  @Max(86400000)
  RISK_SWEEP_MS?: number;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(0)
  @Max(600000)
  RISK_STARTUP_DELAY_MS?: number;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(0)
  @Max(3600000)
  SOCKET_RECHECK_MS?: number;
  @IsOptional()
  @IsTimeZone({ message: 'SCHOOL_TIMEZONE must be an IANA time zone such as Asia/Kolkata' })
  SCHOOL_TIMEZONE?: string;
  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
  })
  LOG_LEVEL?: string;
  @IsOptional() @Transform(toBool) @IsBoolean() LOG_PRETTY?: boolean;
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT?: number;
  @IsOptional()
  @IsString()
  @IsNotEmpty({ message: 'METRICS_HOST must name an interface, such as 127.0.0.1' })
  METRICS_HOST?: string;
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters' })
  METRICS_TOKEN?: string;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: { type: 'sqlite'; file: string } | { type: 'mysql'; url: string };
  dataDir: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  seedDemo: boolean;
  redisUrl?: string;
  /** Keep the heavy reads until a write changes them (src/read-cache); off recomputes every answer. */
  readCache: boolean;
  /** Behind a reverse proxy: the client's address is taken from X-Forwarded-For (rate limits, the audit log). */
  trustProxy: boolean;
  corsOrigins: string[];
  /** Folder holding the shell and remote builds (shell/dist, mfe-admin/dist, ...); the API serves them when present. */
  webDir: string;
  /** Remote name → URL of its remoteEntry.js, served to the shell as /remotes.json. */
  remotes: Record<string, string>;
  /**
   * Sign-in attempts allowed per address per minute; the longest wait of an (account, address) pair after repeated
   * failures; failures per account per 15 minutes past which only addresses it signed in from before may try.
   */
  loginLimits: { perIpPerMinute: number; failuresPerAccount: number; maxDelaySeconds: number };
  /** Public sign-ups allowed per address per hour. */
  registerLimitPerHour: number;
  /** Chat attachments one user may upload in 24 hours: files and bytes. */
  uploadQuota: { count: number; bytes: number };
  /** Longest waits: one MySQL statement, a pooled MySQL connection, one Redis command (milliseconds). */
  timeouts: { dbQueryMs: number; dbAcquireMs: number; redisMs: number };
  /**
   * E-mail: the SMTP server (none: mails are kept in the delivery log), the sender, the portal's address for links in
   * e-mails, and how long a guardian absence notice waits (so that a corrected register cancels it).
   */
  /** circuitOpenMs: how long mail pauses after the mail server failed repeatedly (then one send tries again). */
  mail: {
    smtpUrl?: string;
    from: string;
    publicUrl: string;
    guardianDelayMinutes: number;
    circuitOpenMs: number;
    /** Longest wait to connect and for the server's greeting; twice that of silence on an open connection. */
    timeoutMs: number;
  };
  /** How often the outbox worker looks for due jobs (milliseconds); 0: never by itself (tests run it by hand). */
  outboxPollMs: number;
  /** How often each instance escalates grievances past their deadline (milliseconds); 0: never by itself (tests). */
  grievanceSweepMs: number;
  /** How often each instance looks for guardians' daily digests due (milliseconds); 0: never by itself (tests). */
  digestSweepMs: number;
  /** How often each instance purges what is past its retention period (milliseconds); 0: never by itself (tests). */
  purgeSweepMs: number;
  /** How often each instance delivers chat messages held over quiet hours (milliseconds); 0: never by itself (tests). */
  chatDeliverySweepMs: number;
  /**
   * How often the school-wide early-warning sweep runs (milliseconds; one instance of several runs it); 0: never by
   * itself, and no start-up run either (tests).
   */
  riskSweepMs: number;
  /** How long after start the silent start-up evaluation begins (milliseconds). */
  riskStartupDelayMs: number;
  /** On SIGTERM, the longest the API takes to finish in-flight work before it exits anyway (milliseconds). */
  shutdownTimeoutMs: number;
  /**
   * How often each instance checks its sockets' sessions again and disconnects those that ended (a sign-out's
   * disconnect reaches other instances through Redis, which may be down); 0: never (tests).
   */
  socketRecheckMs: number;
  /** The school's time zone until an admin sets one in the calendar (IANA name; default UTC). */
  schoolTimezone: string;
  /** One JSON line per request and event (pino); pretty lines instead in development. */
  log: { level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'; pretty: boolean };
  /** Prometheus metrics on a port of their own (0: off). */
  metricsPort: number;
  /** The interface the metrics port listens on: this machine only unless METRICS_HOST says otherwise. */
  metricsHost: string;
  /** When set, a scrape must send `Authorization: Bearer <METRICS_TOKEN>`. */
  metricsToken?: string;
  /**
   * The school's OpenID Connect provider (OIDC_*), or null: its issuer (discovery and keys come from its metadata), the
   * portal's client, the button's text, and the claim that vouches for the e-mail where `email_verified` is not sent.
   * The redirect URI is `<PUBLIC_URL>/api/auth/oidc/callback`.
   */
  oidc: { issuer: string; clientId: string; clientSecret: string; label: string; verifiedClaim?: string } | null;
  /** 'students-only': admins and mentors sign in through the provider, never with a password. */
  passwordSignIn: 'all' | 'students-only';
  /** 'required': every admin sign-in (password or provider) needs a second factor (TOTP); default in production only. */
  adminMfa: 'required' | 'off';
}

export const REMOTE_FOLDERS = {
  mfe_admin: 'mfe-admin',
  mfe_mentor: 'mfe-mentor',
  mfe_mentee: 'mfe-mentee',
  mfe_guardian: 'mfe-guardian',
  mfe_chat: 'mfe-chat',
} as const;

export class ConfigError extends Error {}

/** The environment's variables, validated; throws ConfigError with every problem listed. */
function readVars(env: NodeJS.ProcessEnv): EnvVars {
  // An empty variable (DATABASE_URL= in a .env file) means unset.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const vars = plainToInstance(EnvVars, given, { excludeExtraneousValues: false });
  const errors = validateSync(vars, { skipMissingProperties: false, whitelist: false });
  if (errors.length) {
    const lines = errors.flatMap((e) => Object.values(e.constraints ?? {}).map((m) => `  ${e.property}: ${m}`));
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return vars;
}

/** Which database the environment names, and where the data directory is: all that the seed command needs. */
export function loadDatabaseConfig(
  env: NodeJS.ProcessEnv = process.env,
): Pick<AppConfig, 'env' | 'database' | 'dataDir'> {
  const vars = readVars(env);
  const dataDir = resolve(vars.DATA_DIR ?? join(__dirname, '..', '..', '..', '.data'));
  const database: AppConfig['database'] = vars.DATABASE_URL
    ? { type: 'mysql', url: vars.DATABASE_URL }
    : { type: 'sqlite', file: join(dataDir, 'portal.sqlite') };
  return { env: (vars.NODE_ENV ?? 'development') as AppConfig['env'], database, dataDir };
}

/** Reads and validates the environment; throws ConfigError with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const vars = readVars(env);
  const { env: nodeEnv, database, dataDir } = loadDatabaseConfig(env);
  let remotes: Record<string, string> = Object.fromEntries(
    Object.entries(REMOTE_FOLDERS).map(([name, folder]) => [name, `/remotes/${folder}/remoteEntry.js`]),
  );
  if (vars.REMOTE_URLS) {
    let given: unknown;
    try {
      given = JSON.parse(vars.REMOTE_URLS);
    } catch {
      given = undefined;
    }
    // The shell loads remotes from their remoteEntry.js (its federation runtime is built without manifest support).
    const entries = given && typeof given === 'object' && !Array.isArray(given) ? Object.entries(given) : [];
    if (!entries.length || entries.some(([, url]) => typeof url !== 'string' || !/\.js(\?.*)?$/.test(url))) {
      throw new ConfigError(
        'Invalid configuration:\n  REMOTE_URLS: must be a JSON object of remote name to the URL of its remoteEntry.js',
      );
    }
    remotes = { ...remotes, ...Object.fromEntries(entries) };
  }
  const oidcVars = [vars.OIDC_ISSUER, vars.OIDC_CLIENT_ID, vars.OIDC_CLIENT_SECRET];
  if (oidcVars.some(Boolean) && !oidcVars.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three, or none',
    );
  }
  if (vars.PASSWORD_SIGNIN === 'students-only' && !vars.OIDC_ISSUER) {
    throw new ConfigError(
      'Invalid configuration:\n  PASSWORD_SIGNIN=students-only: staff would have no way in; configure OIDC_ISSUER too',
    );
  }
  return {
    env: nodeEnv,
    port: vars.PORT ?? 3000,
    host: vars.HOST ?? '0.0.0.0',
    database,
    dataDir,
    jwtSecret: vars.JWT_SECRET ?? embeddedSecret(nodeEnv, database, dataDir),
    jwtExpiresIn: vars.JWT_EXPIRES_IN ?? '8h',
    seedDemo: vars.SEED_DEMO ?? nodeEnv !== 'production',
    redisUrl: vars.REDIS_URL,
    readCache: vars.READ_CACHE !== 'off',
    trustProxy: vars.TRUST_PROXY === '1',
    corsOrigins: (vars.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDir: resolve(vars.WEB_DIR ?? join(__dirname, '..', '..', '..')),
    remotes,
    loginLimits: {
      perIpPerMinute: vars.LOGIN_LIMIT_PER_IP ?? 100,
      failuresPerAccount: vars.LOGIN_LIMIT_PER_ACCOUNT ?? 50,
      maxDelaySeconds: vars.LOGIN_DELAY_MAX_SECONDS ?? 300,
    },
    registerLimitPerHour: vars.REGISTER_LIMIT_PER_IP ?? 5,
    uploadQuota: { count: vars.UPLOAD_DAILY_COUNT ?? 50, bytes: vars.UPLOAD_DAILY_BYTES ?? 100 * 1024 * 1024 },
    timeouts: {
      dbQueryMs: vars.DB_QUERY_TIMEOUT_MS ?? 15000,
      dbAcquireMs: vars.DB_ACQUIRE_TIMEOUT_MS ?? 5000,
      redisMs: vars.REDIS_TIMEOUT_MS ?? 1000,
    },
    mail: {
      smtpUrl: vars.SMTP_URL,
      from: vars.MAIL_FROM ?? 'Mentor Portal <no-reply@localhost>',
      publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT ?? 3000}`).replace(/\/+$/, ''),
      guardianDelayMinutes: vars.GUARDIAN_NOTICE_DELAY_MINUTES ?? 30,
      circuitOpenMs: vars.SMTP_CIRCUIT_OPEN_MS ?? 60_000,
      timeoutMs: vars.SMTP_TIMEOUT_MS ?? 10_000,
    },
    outboxPollMs: vars.OUTBOX_POLL_MS ?? 1000,
    grievanceSweepMs: vars.GRIEVANCE_SWEEP_MS ?? (nodeEnv === 'test' ? 0 : 60_000),
    digestSweepMs: vars.DIGEST_SWEEP_MS ?? (nodeEnv === 'test' ? 0 : 300_000),
    purgeSweepMs: vars.PURGE_SWEEP_MS ?? (nodeEnv === 'test' ? 0 : 3_600_000),
    chatDeliverySweepMs: vars.CHAT_DELIVERY_SWEEP_MS ?? (nodeEnv === 'test' ? 0 : 30_000),
    riskSweepMs: vars.RISK_SWEEP_MS ?? (nodeEnv === 'test' ? 0 : 6 * 3_600_000),
    riskStartupDelayMs: vars.RISK_STARTUP_DELAY_MS ?? 2000,
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS ?? 10_000,
    socketRecheckMs: vars.SOCKET_RECHECK_MS ?? (nodeEnv === 'test' ? 0 : 30_000),
    schoolTimezone: vars.SCHOOL_TIMEZONE ?? 'UTC',
    log: {
      level: (vars.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info')) as AppConfig['log']['level'],
      pretty: vars.LOG_PRETTY ?? nodeEnv === 'development',
    },
    metricsPort: vars.METRICS_PORT ?? 0,
    metricsHost: vars.METRICS_HOST ?? '127.0.0.1',
    metricsToken: vars.METRICS_TOKEN,
    oidc: vars.OIDC_ISSUER
      ? {
          issuer: vars.OIDC_ISSUER,
          clientId: vars.OIDC_CLIENT_ID!,
          clientSecret: vars.OIDC_CLIENT_SECRET!,
          label: vars.OIDC_LABEL?.trim() || 'Sign in with your school account',
          verifiedClaim: vars.OIDC_VERIFIED_CLAIM,
        }
      : null,
    passwordSignIn: (vars.PASSWORD_SIGNIN ?? 'all') as AppConfig['passwordSignIn'],
    adminMfa: (vars.ADMIN_MFA ?? (nodeEnv === 'production' ? 'required' : 'off')) as AppConfig['adminMfa'],
  };
}

/** The embedded default keeps a random secret beside its database; anything else must be configured. */
function embeddedSecret(env: string, database: AppConfig['database'], dataDir: string): string {
  if (env === 'production' || database.type === 'mysql') {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: required (at least 32 characters) in production and with DATABASE_URL',
    );
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
