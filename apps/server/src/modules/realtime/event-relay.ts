import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { EntityEvent } from '#platform/events/domain-events.ts';
import { stripSecrets } from '#platform/events/strip-secrets.ts';

/** The channel every replica listens on (docs/decisions/0009-realtime-through-postgresql.md). */
const CHANNEL = 'federa_entity_events';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; the envelope stays below it. */
const PAYLOAD_LIMIT_BYTES = 7_900;
/** Where an event too large for a NOTIFY waits for the other replicas to read it. */
const OVERFLOW_TABLE = 'realtime_event_overflow';
/** Overflow rows older than this have been read by every replica that was listening. */
const OVERFLOW_KEEP_SECONDS = 300;
const OVERFLOW_SWEEP_MS = 60_000;
const RECONNECT_FIRST_DELAY_MS = 250;
const RECONNECT_MAX_DELAY_MS = 5_000;

/** What a replica needs of an entity event to emit it to its own sockets. */
export type RelayedEvent = Pick<EntityEvent, 'type' | 'event' | 'data' | 'realmIds'>;

/** One NOTIFY: the events of one publisher, in order, or a reference to an overflow row holding them. */
type Envelope =
  | { readonly from: string; readonly events: RelayedEvent[] }
  | { readonly from: string; readonly overflow: string };

export interface EventRelayOptions {
  /** Called with the events other replicas published, in their order; none when omitted (publish only). */
  onEvents?: (events: RelayedEvent[]) => void;
  onError: (error: Error) => void;
}

export interface EventRelay {
  /** Hands an event to the other replicas; events published in the same tick share one NOTIFY. */
  publish(event: EntityEvent): void;
  close(): Promise<void>;
}

/**
 * Carries entity events between replicas with one NOTIFY per batch of events, instead of one per
 * socket.io emission (an analysis command emitted about ten, each a NOTIFY of its own). Each
 * replica runs the room fan-out of the events it hears for its own sockets (event-bridge.ts).
 * Publishing goes through one connection, so the events of a replica arrive in the order they
 * were published; a replica ignores its own notifications (it emitted to its sockets already).
 */
export async function createEventRelay(url: string, options: EventRelayOptions): Promise<EventRelay> {
  const replicaId = randomUUID();
  const publisher = new ReconnectingClient(url, options.onError);
  await createOverflowTable(await publisher.get());
  const listener = options.onEvents
    ? await listenForEvents(url, replicaId, options.onEvents, options.onError)
    : undefined;

  let queued: RelayedEvent[] = [];
  let sending: Promise<void> = Promise.resolve();
  const inOrder = (work: () => Promise<void>) => {
    sending = sending.then(work).catch((error: unknown) => options.onError(asError(error)));
  };
  const flush = () => {
    const events = queued;
    queued = [];
    inOrder(async () => send(await publisher.get(), replicaId, events));
  };
  const sweep = setInterval(
    () =>
      inOrder(async () => {
        await (
          await publisher.get()
        ).query(`DELETE FROM ${OVERFLOW_TABLE} WHERE created_at < now() - make_interval(secs => $1)`, [
          OVERFLOW_KEEP_SECONDS,
        ]);
      }),
    OVERFLOW_SWEEP_MS,
  );
  sweep.unref();

  return {
    publish(event) {
      if (queued.length === 0) setImmediate(flush);
      queued.push({
        type: event.type,
        event: event.event,
        data: stripSecrets(event.data),
        realmIds: event.realmIds,
      });
    },
    async close() {
      clearInterval(sweep);
      if (queued.length > 0) flush();
      await sending;
      await Promise.allSettled([publisher.end(), listener?.end()]);
    },
  };
}

/**
 * Listens on the channel, and listens again after the connection dropped (a restarted database):
 * events published meanwhile are missed, as clients expect after their own reconnection.
 */
async function listenForEvents(
  url: string,
  replicaId: string,
  deliver: (events: RelayedEvent[]) => void,
  onError: (error: Error) => void,
): Promise<ReconnectingClient> {
  let delivering: Promise<void> = Promise.resolve();
  const listener: ReconnectingClient = new ReconnectingClient(url, onError, {
    onConnect: async (client) => {
      client.on('notification', (message) => {
        if (message.channel !== CHANNEL || !message.payload) return;
        const payload = message.payload;
        // One after the other: an overflow entry is read before the events that followed it.
        delivering = delivering
          .then(async () => {
            const events = await readEnvelope(client, payload, replicaId);
            if (events.length > 0) deliver(events);
          })
          .catch((error: unknown) => onError(asError(error)));
      });
      await client.query(`LISTEN ${CHANNEL}`);
    },
    reconnect: true,
  });
  await listener.get();
  return listener;
}

/** A connection opened on first use and opened again after it dropped. */
class ReconnectingClient {
  private client: pg.Client | undefined;
  private opening: Promise<pg.Client> | undefined;
  private ended = false;
  private retryDelayMs = RECONNECT_FIRST_DELAY_MS;

  constructor(
    private readonly url: string,
    private readonly onError: (error: Error) => void,
    private readonly options: {
      onConnect?: (client: pg.Client) => Promise<void>;
      /** Open again by itself after a drop (a listener); otherwise on the next use. */
      reconnect?: boolean;
    } = {},
  ) {}

  get(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.opening ??= this.open().finally(() => (this.opening = undefined));
    return this.opening;
  }

  async end(): Promise<void> {
    this.ended = true;
    const client = this.client ?? (await this.opening?.catch(() => undefined));
    this.client = undefined;
    await client?.end();
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    // A dropped connection must not crash the process.
    client.on('error', (error) => {
      if (!this.ended) this.onError(error);
      this.dropped(client);
    });
    client.on('end', () => this.dropped(client));
    await client.connect();
    // A notification is never kept across a crash anyway, so its commit need not wait for the disk.
    await client.query('SET synchronous_commit = off');
    await this.options.onConnect?.(client);
    this.client = client;
    this.retryDelayMs = RECONNECT_FIRST_DELAY_MS;
    return client;
  }

  private dropped(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    if (this.ended || !this.options.reconnect) return;
    const retry = () => {
      if (this.ended) return;
      this.get().catch((error: unknown) => {
        this.onError(asError(error));
        this.retryDelayMs = Math.min(this.retryDelayMs * 2, RECONNECT_MAX_DELAY_MS);
        setTimeout(retry, this.retryDelayMs).unref();
      });
    };
    setTimeout(retry, this.retryDelayMs).unref();
  }
}

async function createOverflowTable(client: pg.Client): Promise<void> {
  try {
    await client.query(`
      CREATE TABLE IF NOT EXISTS ${OVERFLOW_TABLE} (
        id          bigserial PRIMARY KEY,
        created_at  timestamptz NOT NULL DEFAULT now(),
        payload     text NOT NULL
      )`);
  } catch (error) {
    // Two replicas starting together may both try to create it; the loser sees a duplicate.
    if (!isDuplicateObject(error)) throw error;
  }
}

/** Sends the events in as few NOTIFYs as fit; a batch too large for one goes through the overflow table. */
async function send(client: pg.Client, from: string, events: readonly RelayedEvent[]): Promise<void> {
  // The envelope `{"from":…,"events":[…]}` is written by hand so each event is serialized once.
  const head = `{"from":${JSON.stringify(from)},"events":[`;
  const tail = ']}';
  let batch: string[] = [];
  let batchBytes = 0;
  const sendBatch = async () => {
    if (batch.length === 0) return;
    const text = head + batch.join(',') + tail;
    batch = [];
    batchBytes = 0;
    if (Buffer.byteLength(text) < PAYLOAD_LIMIT_BYTES) {
      await client.query('SELECT pg_notify($1, $2)', [CHANNEL, text]);
      return;
    }
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO ${OVERFLOW_TABLE} (payload) VALUES ($1) RETURNING id`,
      [text],
    );
    const reference: Envelope = { from, overflow: rows[0]!.id };
    await client.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(reference)]);
  };
  const overhead = Buffer.byteLength(head + tail);
  for (const event of events) {
    const text = JSON.stringify(event);
    const bytes = Buffer.byteLength(text) + 1;
    if (batch.length > 0 && overhead + batchBytes + bytes >= PAYLOAD_LIMIT_BYTES) await sendBatch();
    batch.push(text);
    batchBytes += bytes;
  }
  await sendBatch();
}

/** The events of a notification from another replica (none for the replica's own). */
async function readEnvelope(client: pg.Client, payload: string, self: string): Promise<RelayedEvent[]> {
  const envelope = JSON.parse(payload) as Envelope;
  if (envelope.from === self) return [];
  if ('events' in envelope) return envelope.events;
  const { rows } = await client.query<{ payload: string }>(
    `SELECT payload FROM ${OVERFLOW_TABLE} WHERE id = $1`,
    [envelope.overflow],
  );
  if (!rows[0]) throw new Error(`realtime: the overflow entry ${envelope.overflow} is gone`);
  return (JSON.parse(rows[0].payload) as { events: RelayedEvent[] }).events;
}

/** 42P07 duplicate_table, 23505 unique_violation (on pg_type when two CREATE TABLE race). */
function isDuplicateObject(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '42P07' || code === '23505';
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
