/**
 * The environment variables `serve` reads, each with the setting it sets.
 * `serve --help` and docs/server.md list them from here. A module of its
 * own, without TypeBox, so that the CLI's usage text does not load the
 * optional server packages (src/common/optionalPackages.ts).
 */
export const SERVE_ENVIRONMENT = Object.freeze({
  IDENTITY_SIGNALS_API_KEYS: 'API keys, comma-separated (added to the config\'s keys)',
  IDENTITY_SIGNALS_KEYS_FILE: 'keysFile: a JSON file of keys, read again on SIGHUP',
  IDENTITY_SIGNALS_PORT: 'port',
  IDENTITY_SIGNALS_HOST: 'host',
  IDENTITY_SIGNALS_DATA: 'data: the data bundle directory',
  IDENTITY_SIGNALS_MAXMIND: 'maxmind: MaxMind .mmdb files, comma-separated',
  IDENTITY_SIGNALS_LOG_LEVEL: 'logLevel: fatal, error, warn, info, debug, trace or silent',
  IDENTITY_SIGNALS_RATE_LIMIT: 'rateLimit.perSecond of keys without their own',
  IDENTITY_SIGNALS_REQUEST_TIMEOUT_MS: 'timeouts.requestMs',
  IDENTITY_SIGNALS_HEADERS_TIMEOUT_MS: 'timeouts.headersMs',
  IDENTITY_SIGNALS_KEEP_ALIVE_TIMEOUT_MS: 'timeouts.keepAliveMs',
  IDENTITY_SIGNALS_SHUTDOWN_TIMEOUT_MS: 'timeouts.shutdownMs',
  IDENTITY_SIGNALS_MAX_CONNECTIONS: 'maxConnections',
  IDENTITY_SIGNALS_WEBHOOK_SECRET: 'webhook.secret: signs webhooks of keys without their own',
  IDENTITY_SIGNALS_WEBHOOK_DIR: 'webhook.dir: where pending webhook deliveries are journaled (without REDIS_URL)',
  IDENTITY_SIGNALS_DNS_MX: 'providers.dnsMx: 1 to look up MX records for webhooks',
  REDIS_URL: 'redisUrl: share rate limits between servers',
});
