// Tables of the telemetry module (collected by drizzle.config.ts).
export * from './events.ts';
export * from './logs.ts';
