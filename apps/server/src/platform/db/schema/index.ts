// The platform's own tables. Each module keeps its tables in its own db/ folder (see drizzle.config.ts).
export * from './event-outbox.ts';
export * from './system.ts';
