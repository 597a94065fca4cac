/** Severity of a log line, most severe first (syslog order, docs/product/analysis-platform.md §3). */
export const LOG_LEVELS = ['emerg', 'alert', 'crit', 'error', 'warn', 'notice', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Where a log line came from (as the original's log model). */
export const LOG_CHANNELS = ['http', 'websocket', 'background', 'system'] as const;
export type LogChannel = (typeof LOG_CHANNELS)[number];

/**
 * Label keys are identifiers, so they can be used as filter names (`filter[analysis_id]`) and never
 * need quoting anywhere (the original restricts them the same way).
 */
export const LABEL_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
