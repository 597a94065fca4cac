import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, Executor } from '#platform/db/index.ts';
import type { DomainEventBus, EntityEventActor } from '#platform/events/domain-events.ts';
import type { EmitEvent } from '#platform/events/event-outbox.ts';
import { EntityEventRecorder, EVENT_ENTITY_TYPE } from './events/entity-event-recorder.ts';
import type { EventInput, EventRow } from './events/event-row.ts';
import { insertEvent, insertEventOnce, sweepExpiredEvents } from './events/event-store.ts';
import { ExpirySweeper } from './events/expiry-sweeper.ts';
import { writeLog, type LogInput, type LogRow } from './logs/log-store.ts';

export interface TelemetrySettings {
  /** How long entity events are kept, in days. */
  eventRetentionDays: number;
  /** Time between sweeps of expired events; 0 switches sweeping off. */
  eventSweepIntervalMs: number;
}

export interface TelemetryServiceOptions {
  db: Database;
  settings: TelemetrySettings;
  events: DomainEventBus;
  log: FastifyBaseLogger;
  /**
   * The display name of the user, robot or client that acted (events carry it as `actor_name`);
   * events are recorded without a name when it is not given or finds none.
   */
  actorName?: (actor: EntityEventActor) => Promise<string | undefined>;
}

/**
 * What the telemetry module offers the app and the other modules: recording events and writing log
 * lines, and the background work (recording entity events, sweeping expired ones).
 */
export class TelemetryServices {
  readonly db: Database;
  readonly settings: TelemetrySettings;
  private readonly events: DomainEventBus;
  private readonly recorder: EntityEventRecorder;
  private readonly sweeper: ExpirySweeper;
  private readonly lookupActorName: TelemetryServiceOptions['actorName'];

  constructor({ db, settings, events, log, actorName }: TelemetryServiceOptions) {
    this.db = db;
    this.lookupActorName = actorName;
    this.settings = settings;
    this.events = events;
    this.recorder = new EntityEventRecorder({
      db,
      retentionDays: settings.eventRetentionDays,
      log,
      actorName: (actor) => this.actorName(actor),
    });
    this.sweeper = new ExpirySweeper({
      sweep: () => this.sweepExpiredEvents(),
      intervalMs: settings.eventSweepIntervalMs,
      log,
    });
  }

  /**
   * Ties the background work to the app's lifetime: entity events are recorded from now on, expired
   * events are swept once the app is ready, and closing the app stops the sweeps and waits for
   * recordings in flight, so the database can be closed right after.
   */
  attach(app: FastifyInstance): void {
    const stopRecording = this.recorder.listen(this.events);
    app.addHook('onReady', async () => this.sweeper.start());
    app.addHook('onClose', async () => {
      stopRecording();
      await this.sweeper.stop();
      await this.recorder.flush();
    });
  }

  /**
   * Records an event another module observed (an analysis run, a registry push) inside the caller's
   * transaction; it reaches realtime subscribers through the caller's outbox with the rest of the
   * change. With `onceId` it is stored under that id, and a second recording (the same change
   * delivered again after a crash) stores and announces nothing.
   */
  async recordEventIn(
    tx: Executor,
    emit: EmitEvent,
    input: EventInput,
    onceId?: string,
  ): Promise<EventRow | undefined> {
    const row = onceId ? await insertEventOnce(tx, onceId, input) : await insertEvent(tx, input);
    // A recorded event reaches realtime subscribers like any other created record.
    if (row)
      emit({
        type: EVENT_ENTITY_TYPE,
        event: 'created',
        data: row,
        realmIds: row.realm_id ? [row.realm_id] : [],
      });
    return row;
  }

  /** Writes a log line (analysis builds, node runs, ...). */
  writeLog(input: LogInput): Promise<LogRow> {
    return writeLog(this.db, input);
  }

  /**
   * Writes a log line that views follow live (a build's steps): it also reaches realtime subscribers
   * as a created record of `type`. Not through the outbox: a line lost in a crash is still stored and
   * shows at the view's next load; only its live arrival is lost.
   */
  async writeLiveLog(type: string, input: LogInput): Promise<LogRow> {
    const row = await writeLog(this.db, input);
    this.events.publish({ type, event: 'created', data: row, realmIds: row.realm_id ? [row.realm_id] : [] });
    return row;
  }

  /** Deletes the events whose expiry has passed; returns how many. */
  sweepExpiredEvents(now?: Date): Promise<number> {
    return sweepExpiredEvents(this.db, now);
  }

  /** Waits until the entity events published so far are stored. */
  flush(): Promise<void> {
    return this.recorder.flush();
  }

  /** The name of the user, robot or client that acted, when known. */
  async actorName(actor: EntityEventActor): Promise<string | undefined> {
    return this.lookupActorName?.(actor);
  }
}
