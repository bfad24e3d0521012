import path from 'node:path';
import { z } from 'zod';
import { EXAMPLE_BRAND, UNCONFIGURED_BRAND, type Brand } from '../shared/brand';
import { DEFAULT_PRICES, packsFromMinimums, type Prices } from '../shared/prices';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/**
 * A brand contact variable: unset is undefined (development shows an example, production warns and
 * hides it); set but empty is null, the operator's word that there is none (hidden, no warning).
 */
function contactValue<S extends z.ZodType>(schema: S) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): z.output<S> | null | undefined => {
      if (raw === undefined) return undefined;
      const value = raw.trim();
      if (value === '') return null;
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    });
}

const price = z.coerce
  .number({ error: 'must be a number' })
  .min(0, 'must not be negative')
  .max(100_000)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'at most two decimals');

/** "10:8,50:7.5,250:6.5": from 10 credits at 8 each, from 50 at 7.50, from 250 at 6.50. */
const creditPacks = z
  .string()
  .trim()
  .regex(
    /^\d+:\d+(\.\d{1,2})?(\s*,\s*\d+:\d+(\.\d{1,2})?)*$/,
    'must be min:price pairs separated by commas, e.g. 10:8,50:7.5,250:6.5',
  )
  .transform((v) =>
    packsFromMinimums(
      v.split(',').map((pair) => {
        const [min, each] = pair.trim().split(':');
        return [Number(min), Number(each)];
      }),
    ),
  )
  .refine((packs) => packs.every((pack) => pack.min >= 1), 'each pack starts at 1 credit or more')
  .refine(
    (packs) => new Set(packs.map((pack) => pack.min)).size === packs.length,
    'two packs start at the same number of credits',
  )
  .refine((packs) => packs.length <= 10, 'at most 10 packs');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  REDIS_PREFIX: z.string().max(50).default(''),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  TRUST_PROXY: optionalString,
  /** The site's public address (https://tv.example.com): canonical, hreflang and sitemap URLs, links in e-mails. */
  PUBLIC_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  /** Where e-mail goes (smtp://user:pass@host:587, smtps://…:465); unset in development: .eml files in DATA_DIR/outbox. */
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  /** The sender of every e-mail: an address, or `Name <address>`. */
  MAIL_FROM: optionalString,
  /** Password reset by e-mail: `on` needs SMTP_URL in production; default on when mail can be sent. */
  PASSWORD_RESET: z.enum(['on', 'off']).optional(),
  /** `public` serves the OpenAPI document and Swagger UI in production too; `off` hides them everywhere. */
  API_DOCS: z.enum(['public', 'off']).optional(),
  /** Absolute lifetime of a panel session, whatever its activity. */
  SESSION_MAX_AGE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(720),
  /** POST /device/register per client address and hour (a TV behind a home router registers once). */
  DEVICE_REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Submissions of each public form (contact, client registration) per client address and hour. */
  PUBLIC_FORMS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /** Reseller API calls per key and minute (429 beyond); API_CALLS_PER_MINUTE is its earlier name, still read. */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).optional(),
  API_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** How many sub-resellers one reseller may create. */
  MAX_SUB_RESELLERS: z.coerce.number().int().min(0).max(100_000).default(200),
  RESELLER_TREE_DEPTH: z.coerce.number().int().min(1).max(20).optional(),
  /** How often each instance looks for subscriptions entering an expiry window (decision 0013); 0: never. */
  EXPIRY_SCAN_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60 * 60_000)
    .default(5 * 60_000),
  /** The UTC hour from which the day's expiry digest is sent (docs/architecture.md §6.16). */
  EXPIRY_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(6),
  /** Webhook endpoints may be private, loopback or link-local addresses (tests, LAN deployments); implies http. */
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  /** Webhook endpoints may be plain http besides https. */
  WEBHOOKS_ALLOW_HTTP: z.enum(['true', 'false']).default('false'),
  /** Roles that must use two-factor sign-in: `admin`, `all`, or `off` (docs/decisions/0016-two-factor.md). */
  REQUIRE_2FA: z.enum(['off', 'admin', 'all']).default('off'),
  /**
   * Playlist probes may call private, loopback and link-local addresses: `true` (tests, LAN
   * deployments), or a comma-separated list of addresses and CIDR ranges; otherwise public ones only.
   */
  PLAYLIST_PROBE_ALLOW_PRIVATE: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built front end lives (vite build output). */
  WEB_DIST_DIR: z.string().default('./dist/web'),
  // The operator's brand (src/shared/brand.ts). Unset in production: a warning at start-up.
  BRAND_NAME: contactValue(z.string().max(60, 'at most 60 characters')),
  BRAND_SHORT_NAME: contactValue(z.string().max(20, 'at most 20 characters')),
  BRAND_SUPPORT_EMAIL: contactValue(z.email('must be an e-mail address')),
  BRAND_PHONE: contactValue(
    z
      .string()
      .regex(/^\+?[\d\s().-]+$/, 'must be a phone number: digits, spaces, + ( ) . -')
      .refine((v) => /^\d{6,15}$/.test(v.replace(/\D/g, '')), 'must have 6 to 15 digits'),
  ),
  /** The number WhatsApp chats go to; by default BRAND_PHONE's. Written any way, kept as digits. */
  BRAND_WHATSAPP: contactValue(
    z
      .string()
      .regex(/^\+?[\d\s().-]+$/, 'must be a phone number with its country code')
      .transform((v) => v.replace(/\D/g, ''))
      .refine((v) => /^[1-9]\d{7,14}$/.test(v), 'must have 8 to 15 digits, country code first'),
  ),
  BRAND_TELEGRAM: contactValue(
    z
      .string()
      .regex(/^@?[A-Za-z]\w{4,31}$/, 'must be a Telegram username (5 to 32 letters, digits or _)')
      .transform((v) => v.replace(/^@/, '')),
  ),
  /** Lines separated by | (or new lines). */
  BRAND_ADDRESS: contactValue(
    z
      .string()
      .max(300, 'at most 300 characters')
      .transform((v) =>
        v
          .split(/[|\n]/)
          .map((line) => line.trim())
          .filter(Boolean),
      ),
  ),
  BRAND_APP_STORE_URL: contactValue(z.url({ protocol: /^https$/, error: 'must be an https:// address' })),
  BRAND_PLAY_STORE_URL: contactValue(z.url({ protocol: /^https$/, error: 'must be an https:// address' })),
  PRICE_ONE_YEAR: contactValue(price),
  PRICE_LIFETIME: contactValue(price),
  CREDIT_PACKS: contactValue(creditPacks),
});

type Env = z.output<typeof envSchema>;

/**
 * The brand from the environment, and which variables were left unset in production (their value is
 * hidden, or the documented default for the name and prices: never a made-up contact).
 */
function brandFromEnv(e: Env, production: boolean): { brand: Brand; unset: string[] } {
  const unset: string[] = [];
  function pick<T>(variable: keyof Env, value: T | null | undefined, example: T | null): T | null {
    if (value !== undefined) return value;
    if (!production) return example;
    unset.push(variable);
    return null;
  }
  const name = pick('BRAND_NAME', e.BRAND_NAME, EXAMPLE_BRAND.name) ?? UNCONFIGURED_BRAND.name;
  const phone = pick('BRAND_PHONE', e.BRAND_PHONE, EXAMPLE_BRAND.phone);
  // WhatsApp goes to the phone number unless told otherwise.
  const whatsapp =
    e.BRAND_WHATSAPP !== undefined
      ? e.BRAND_WHATSAPP
      : e.BRAND_PHONE !== undefined
        ? (phone?.replace(/\D/g, '') ?? null)
        : production
          ? null
          : EXAMPLE_BRAND.whatsapp;
  if (production && e.BRAND_WHATSAPP === undefined && e.BRAND_PHONE === undefined)
    unset.push('BRAND_WHATSAPP');
  const brand: Brand = {
    name,
    shortName: e.BRAND_SHORT_NAME ?? (e.BRAND_NAME ? name.split(/\s+/)[0]! : UNCONFIGURED_BRAND.shortName),
    supportEmail: pick('BRAND_SUPPORT_EMAIL', e.BRAND_SUPPORT_EMAIL, EXAMPLE_BRAND.supportEmail),
    phone,
    whatsapp,
    telegram: pick('BRAND_TELEGRAM', e.BRAND_TELEGRAM, EXAMPLE_BRAND.telegram),
    address: pick('BRAND_ADDRESS', e.BRAND_ADDRESS, EXAMPLE_BRAND.address) ?? [],
    appStoreUrl: pick('BRAND_APP_STORE_URL', e.BRAND_APP_STORE_URL, EXAMPLE_BRAND.appStoreUrl),
    playStoreUrl: pick('BRAND_PLAY_STORE_URL', e.BRAND_PLAY_STORE_URL, EXAMPLE_BRAND.playStoreUrl),
    prices: pricesFromEnv(e, production, unset),
  };
  return { brand, unset };
}

function pricesFromEnv(e: Env, production: boolean, unset: string[]): Prices {
  const defaults = DEFAULT_PRICES;
  const given = {
    PRICE_ONE_YEAR: e.PRICE_ONE_YEAR,
    PRICE_LIFETIME: e.PRICE_LIFETIME,
    CREDIT_PACKS: e.CREDIT_PACKS,
  };
  // A price cannot be "none": set to empty, it is the default, as when unset.
  if (production) for (const [name, value] of Object.entries(given)) if (value == null) unset.push(name);
  return {
    viewer: {
      year: given.PRICE_ONE_YEAR ?? defaults.viewer.year,
      lifetime: given.PRICE_LIFETIME ?? defaults.viewer.lifetime,
    },
    creditPacks: given.CREDIT_PACKS ?? defaults.creditPacks,
  };
}

/**
 * The start-up warning for a production server whose brand is incomplete (null when complete). A
 * warning, not a refusal: an unset contact is hidden from every page, so nothing false is shown, and
 * an operator can start the service before every channel exists; but it names every variable, so an
 * oversight is seen in the first lines of the log.
 */
export function brandWarning(config: Pick<AppConfig, 'unsetBrandVariables'>): string | null {
  const unset = config.unsetBrandVariables;
  if (unset.length === 0) return null;
  return (
    `BRAND NOT CONFIGURED: ${unset.join(', ')} ${unset.length === 1 ? 'is' : 'are'} not set. ` +
    'Unset contacts are hidden from every page; an unset name or price shows the default. ' +
    'Set them (README, Configuration), or set a contact to an empty value to say there is none.'
  );
}

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Namespaces this deployment's keys in a shared Redis (and keeps test runs apart). */
  redisPrefix: string;
  /** Prometheus metrics on their own listener; off when unset. */
  metrics: { port: number; host: string } | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  production: boolean;
  /** Fastify's trustProxy: false, true (only when written `true`), a hop count, or addresses / CIDRs. */
  trustProxy: boolean | number | string;
  /** Without trailing slash; undefined means "derive from the request" (development only). */
  publicUrl: string | undefined;
  /** Whether /api/docs (Swagger UI and the OpenAPI JSON) is served. */
  apiDocs: boolean;
  /** How many sub-resellers one reseller may create (MAX_SUB_RESELLERS). */
  maxSubResellers: number;
  /**
   * How many levels of resellers below the admins (RESELLER_TREE_DEPTH): 1, resellers only; 2, their
   * sub-resellers too; null (unset), no limit. Only accounts above the last level may add accounts.
   */
  resellerTreeDepth: number | null;
  /** The expiry scanner's interval (EXPIRY_SCAN_INTERVAL_MS); 0 turns it off (tests start it by hand). */
  expiryScanIntervalMs: number;
  /** EXPIRY_DIGEST_HOUR: the UTC hour from which the scanner's timer sends the day's digest. */
  expiryDigestHour: number;
  /** REQUIRE_2FA: whose accounts must enrol in two-factor sign-in before the panel works for them. */
  requireTwoFactor: RequireTwoFactor;
  logLevel: string;
  webDistDir: string;
  mail: MailConfig;
  /** Whether "Forgot password?" sends reset links (PASSWORD_RESET); off, its two calls answer 404. */
  passwordReset: boolean;
  limits: GuessingLimits;
  webhooks: WebhookSettings;
  /** The operator's name, contacts and prices, as every page shows them. */
  brand: Brand;
  /** Production only: the BRAND_* and price variables left unset (see brandWarning). */
  unsetBrandVariables: string[];
  playlistProbe: PlaylistProbeSettings;
};

/** How the server probes a user-given playlist (docs/architecture.md §6.11). */
export type PlaylistProbeSettings = {
  /** PLAYLIST_PROBE_ALLOW_PRIVATE: `true`, CIDRs allowed besides public addresses, or `false`. */
  allowPrivate: boolean | string[];
  /** The whole exchange, download included, ends within this (5 s; tests shorten it). */
  timeoutMs: number;
  /** An M3U file stops being read past this many bytes (20 MB). */
  maxBytes: number;
};

export const defaultProbeSettings: PlaylistProbeSettings = {
  allowPrivate: false,
  timeoutMs: 5_000,
  maxBytes: 20 * 1024 * 1024,
};

/** Webhook delivery (decision 0015); tests shorten the times. */
export type WebhookSettings = {
  /** WEBHOOKS_ALLOW_PRIVATE: private, loopback and link-local endpoints (and plain http). */
  allowPrivate: boolean;
  /** WEBHOOKS_ALLOW_HTTP (or WEBHOOKS_ALLOW_PRIVATE): http endpoints besides https. */
  allowHttp: boolean;
  /** One attempt's deadline, answer included. */
  timeoutMs: number;
  /** The wait after the first failure; each later one doubles it. */
  retryBaseMs: number;
  /** Attempts before a delivery is marked failed (with the defaults, the last is about 23 hours after the first). */
  maxAttempts: number;
  /** An endpoint failing without a success for this long is disabled and its owner notified. */
  disableAfterMs: number;
  /** How often the worker looks for due deliveries besides being woken. */
  pollMs: number;
};

export const defaultWebhookSettings: WebhookSettings = {
  allowPrivate: false,
  allowHttp: false,
  timeoutMs: 5_000,
  // 10 s doubling: 10 s, 20 s, 40 s, … the 13th retry comes about 22.7 hours after the first attempt.
  retryBaseMs: 10_000,
  maxAttempts: 14,
  disableAfterMs: 5 * 24 * 3_600_000,
  pollMs: 1_000,
};

/** Outgoing mail (decision 0014). */
export type MailConfig = {
  /** undefined: each message is written as an .eml file under DATA_DIR/outbox/ instead (development). */
  smtpUrl: string | undefined;
  from: string;
};

export type RequireTwoFactor = 'off' | 'admin' | 'all';

/** docs/architecture.md: the defaults; tests shorten them. */
export type GuessingLimits = {
  loginFailuresPerAccount: number;
  loginLockMs: number;
  loginFailuresPerIp: number;
  loginIpWindowMs: number;
  sessionIdleMs: number;
  /** Absolute lifetime of a panel session (SESSION_MAX_AGE_MINUTES). */
  sessionMaxAgeMs: number;
  pinFailuresPerPlaylist: number;
  pinLockMs: number;
  /** Device sign-in: failures per (MAC, client address) before that pair is locked for deviceLockMs. */
  deviceFailuresPerMacAddress: number;
  deviceLockMs: number;
  /** Device sign-in: a much higher per-MAC ceiling (all addresses together) within deviceMacWindowMs. */
  deviceFailuresPerMac: number;
  deviceMacWindowMs: number;
  /** How long a TV's pairing code can be claimed. */
  pairingCodeTtlMs: number;
  /** Wrong pairing codes per client address before it is locked for pairingLockMs. */
  pairingFailuresPerIp: number;
  pairingLockMs: number;
  /** POST /device/register per client address within registerWindowMs. */
  registrationsPerIp: number;
  registerWindowMs: number;
  /** Submissions of each public form (contact, client registration) per client address and hour. */
  publicFormsPerIp: number;
  /** Sub-reseller creations per reseller within resellerCreationWindowMs. */
  resellerCreationsPerWindow: number;
  resellerCreationWindowMs: number;
  /** Reseller API calls per key within apiKeyWindowMs (429 with RateLimit and Retry-After beyond). */
  apiCallsPerKey: number;
  apiKeyWindowMs: number;
  /** "Forgot password?" requests per client address, and per e-mail, within passwordResetWindowMs. */
  passwordResetsPerIp: number;
  passwordResetsPerEmail: number;
  passwordResetWindowMs: number;
  /** How long a reset link works. */
  passwordResetTokenMs: number;
  /** How long the step token between password and two-factor code lives. */
  twoFactorStepMs: number;
  /** Playlist probes per device, and per client address, within probeWindowMs (429 beyond). */
  probesPerDevice: number;
  probesPerIp: number;
  probeWindowMs: number;
};

export const defaultLimits: GuessingLimits = {
  loginFailuresPerAccount: 10,
  loginLockMs: 15 * 60_000,
  loginFailuresPerIp: 30,
  loginIpWindowMs: 5 * 60_000,
  sessionIdleMs: 30 * 60_000,
  sessionMaxAgeMs: 720 * 60_000,
  pinFailuresPerPlaylist: 10,
  pinLockMs: 15 * 60_000,
  deviceFailuresPerMacAddress: 10,
  deviceLockMs: 15 * 60_000,
  deviceFailuresPerMac: 100,
  deviceMacWindowMs: 60 * 60_000,
  pairingCodeTtlMs: 10 * 60_000,
  pairingFailuresPerIp: 10,
  pairingLockMs: 15 * 60_000,
  registrationsPerIp: 20,
  registerWindowMs: 60 * 60_000,
  publicFormsPerIp: 5,
  resellerCreationsPerWindow: 30,
  resellerCreationWindowMs: 60 * 60_000,
  apiCallsPerKey: 600,
  apiKeyWindowMs: 60_000,
  passwordResetsPerIp: 20,
  passwordResetsPerEmail: 3,
  passwordResetWindowMs: 60 * 60_000,
  passwordResetTokenMs: 30 * 60_000,
  twoFactorStepMs: 5 * 60_000,
  probesPerDevice: 20,
  probesPerIp: 60,
  probeWindowMs: 10 * 60_000,
};

export class ConfigError extends Error {}

/** Reads and validates the environment once at boot; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const { brand, unset } = brandFromEnv(e, production);
  // A feature that needs mail is on by default wherever mail can go somewhere (SMTP, or the .eml files
  // of development); in production, turning it on without SMTP_URL is a mistake worth refusing to start.
  const passwordReset = e.PASSWORD_RESET
    ? e.PASSWORD_RESET === 'on'
    : !production || e.SMTP_URL !== undefined;
  if (production && passwordReset && (!e.SMTP_URL || !e.PUBLIC_URL)) {
    // The reset link needs a trustworthy origin: never the Host header a client writes.
    const missing = [e.SMTP_URL ? null : 'SMTP_URL', e.PUBLIC_URL ? null : 'PUBLIC_URL'].filter(Boolean);
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(', ')}: required in production while PASSWORD_RESET=on (set ${missing.join(' and ')}, or PASSWORD_RESET=off)`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    metrics: e.METRICS_PORT ? { port: e.METRICS_PORT, host: e.METRICS_HOST } : undefined,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    production,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    publicUrl: e.PUBLIC_URL,
    apiDocs: e.API_DOCS ? e.API_DOCS === 'public' : e.NODE_ENV !== 'production',
    maxSubResellers: e.MAX_SUB_RESELLERS,
    resellerTreeDepth: e.RESELLER_TREE_DEPTH ?? null,
    expiryScanIntervalMs: e.EXPIRY_SCAN_INTERVAL_MS,
    expiryDigestHour: e.EXPIRY_DIGEST_HOUR,
    requireTwoFactor: e.REQUIRE_2FA,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    webhooks: {
      ...defaultWebhookSettings,
      allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE === 'true',
      allowHttp: e.WEBHOOKS_ALLOW_HTTP === 'true' || e.WEBHOOKS_ALLOW_PRIVATE === 'true',
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `${brand.name} <no-reply@localhost>` },
    passwordReset,
    playlistProbe: {
      ...defaultProbeSettings,
      allowPrivate: parseAllowPrivate(e.PLAYLIST_PROBE_ALLOW_PRIVATE),
    },
    limits: {
      ...defaultLimits,
      sessionMaxAgeMs: e.SESSION_MAX_AGE_MINUTES * 60_000,
      registrationsPerIp: e.DEVICE_REGISTRATIONS_PER_HOUR,
      publicFormsPerIp: e.PUBLIC_FORMS_PER_HOUR,
      apiCallsPerKey: e.API_RATE_LIMIT_PER_MINUTE ?? e.API_CALLS_PER_MINUTE ?? defaultLimits.apiCallsPerKey,
    },
    brand,
    unsetBrandVariables: unset,
  };
}

/**
 * A number is how many proxies stand in front (Fastify's hop count: the client is that many entries from
 * the right of X-Forwarded-For), so `1` trusts only the proxy's own entry and a forged one is ignored.
 * Only the word `true` trusts every hop; anything else is a list of addresses / CIDR ranges.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** PLAYLIST_PROBE_ALLOW_PRIVATE: `true`, `false` / unset, or addresses and CIDR ranges separated by commas. */
export function parseAllowPrivate(value: string | undefined): boolean | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}
