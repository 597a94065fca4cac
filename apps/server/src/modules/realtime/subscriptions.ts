import { SUBSCRIPTION_EVENT_PATTERN } from '@federa/schemas';
import type { AuthServices } from '../auth/index.ts';
import { describeFailure, realtimeErrors } from './errors.ts';
import { readRuleOf } from './permission-map.ts';
import { nodeRobotRoom } from './node-robot-rooms.ts';
import { roomName } from './rooms.ts';
import type { Acknowledgement, RealtimeSocket } from './types.ts';

/** Record ids are UUIDs; the pattern only keeps room names short and printable. */
const TARGET_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
/** Rooms one socket may be in, so a client cannot make the server track unbounded state. */
export const MAX_SUBSCRIPTIONS = 1000;

export interface SubscriptionRequest {
  action: 'subscribe' | 'unsubscribe';
  type: string;
  target: string | undefined;
}

/** The target of a subscription: nothing, an id, or `{ id }`. Anything else is refused, never guessed. */
export function parseTarget(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && TARGET_PATTERN.test(value)) return value;
  if (typeof value === 'object' && !Array.isArray(value)) {
    const id = (value as { id?: unknown }).id;
    if (typeof id !== 'object') return parseTarget(id);
  }
  throw realtimeErrors.invalidTarget();
}

export function parseSubscriptionEvent(event: string, payload: unknown): SubscriptionRequest {
  const match = SUBSCRIPTION_EVENT_PATTERN.exec(event);
  if (!match) throw realtimeErrors.unknownEvent(event);
  const type = match[1]!;
  if (!readRuleOf(type)) throw realtimeErrors.unknownType(type);
  return {
    action: match[2] === 'Subscribe' ? 'subscribe' : 'unsubscribe',
    type,
    target: parseTarget(payload),
  };
}

export interface SubscriptionDependencies {
  authorizer: AuthServices['authorizer'];
  onUnexpectedError(error: unknown): void;
  /** The node a robot belongs to, if it is a node's robot (its subscriptions are narrowed to it). */
  nodeOfRobot?(robotId: string): Promise<string | undefined>;
}

/**
 * Serves `{type}Subscribe` / `{type}Unsubscribe` on one socket. Joining needs the read permission of
 * the type; leaving needs nothing. Rooms are counted per socket, so two views of one client that
 * subscribed to the same room keep receiving until both unsubscribed. Requests of a socket are
 * handled one after the other, so an unsubscribe can never overtake the subscribe before it.
 */
export function serveSubscriptions(socket: RealtimeSocket, deps: SubscriptionDependencies): void {
  const counts = new Map<string, number>();
  let queue: Promise<void> = Promise.resolve();
  // Looked up once per connection: a node keeps its robot (a new robot signs in anew).
  let robotNode: Promise<string | undefined> | undefined;
  const nodeOfSocket = () => {
    const identity = socket.data.identity;
    if (identity.type !== 'robot' || !deps.nodeOfRobot) return Promise.resolve(undefined);
    robotNode ??= deps.nodeOfRobot(identity.id);
    return robotNode;
  };
  /** The room of a subscription; a node's robot gets its own node's (node-robot-rooms.ts). */
  const roomOf = async (type: string, target: string | undefined) => {
    const nodeId = await nodeOfSocket();
    return nodeId ? nodeRobotRoom(type, nodeId) : roomName(type, target);
  };

  const subscribe = async ({ type, target }: SubscriptionRequest) => {
    const rule = readRuleOf(type)!;
    // A fresh identity object per check: the authorizer caches permissions per object, and a
    // connection lives for hours, so a role taken away must count from the next subscription on.
    if (rule !== 'public') await deps.authorizer.preCheckIdentity({ ...socket.data.identity }, rule);
    const room = await roomOf(type, target);
    const count = counts.get(room) ?? 0;
    if (count === 0) {
      if (counts.size >= MAX_SUBSCRIPTIONS) throw realtimeErrors.tooManySubscriptions(MAX_SUBSCRIPTIONS);
      await socket.join(room);
    }
    counts.set(room, count + 1);
  };

  const unsubscribe = async ({ type, target }: SubscriptionRequest) => {
    const room = await roomOf(type, target).catch(() => roomName(type, target));
    const count = counts.get(room) ?? 0;
    if (count > 1) {
      counts.set(room, count - 1);
    } else if (count === 1) {
      counts.delete(room);
      await socket.leave(room);
    }
  };

  socket.onAny((event: unknown, ...args: unknown[]) => {
    const ack =
      typeof args.at(-1) === 'function' ? (args.pop() as (answer: Acknowledgement) => void) : undefined;
    queue = queue
      .then(async () => {
        const request = parseSubscriptionEvent(String(event), args[0]);
        await (request.action === 'subscribe' ? subscribe(request) : unsubscribe(request));
        ack?.({ ok: true });
      })
      .catch((error: unknown) => {
        const failure = describeFailure(error);
        if (failure.unexpected) deps.onUnexpectedError(error);
        ack?.({ ok: false, code: failure.code, message: failure.message });
      });
  });
}
