import { ErrorCode } from '@federa/schemas';
import type { ExtendedError } from 'socket.io';
import { toErrorBody } from '#platform/http/error-handler.ts';
import { HttpError } from '#platform/http/errors.ts';

/** What a client learns about a refusal: the stable code and message the HTTP API would answer with. */
export interface RealtimeFailure {
  statusCode: number;
  code: string;
  message: string;
  /** A server fault (5xx) rather than a refusal; worth logging, never shown in detail. */
  unexpected: boolean;
}

export function describeFailure(error: unknown): RealtimeFailure {
  const body = toErrorBody(error);
  return {
    statusCode: body.statusCode,
    code: body.code,
    message: body.message,
    unexpected: body.statusCode >= 500,
  };
}

/**
 * The error a namespace middleware passes to `next()`. socket.io hands `message` and `data` to the
 * client's `connect_error`, so `data` carries the code the client decides on (refresh, sign in, ...).
 */
export function connectionError(failure: RealtimeFailure): ExtendedError {
  const error: ExtendedError = new Error(failure.message);
  error.data = { statusCode: failure.statusCode, code: failure.code, message: failure.message };
  return error;
}

export const realtimeErrors = {
  defaultNamespace: () =>
    new HttpError(404, ErrorCode.NOT_FOUND, 'Connect to the namespace /resources or /resources/{realmId}.'),
  tokenMissing: () => new HttpError(401, ErrorCode.UNAUTHORIZED, 'An access token is required to connect.'),
  masterNamespaceOnly: () =>
    new HttpError(
      403,
      ErrorCode.FORBIDDEN,
      'Only identities of the master realm may connect to this namespace.',
    ),
  foreignRealm: () =>
    new HttpError(403, ErrorCode.FORBIDDEN, 'You may only connect to the namespace of your realm.'),
  unknownType: (type: string) =>
    new HttpError(400, ErrorCode.BAD_REQUEST, `There is no resource type "${type}" to subscribe to.`),
  unknownEvent: (event: string) =>
    new HttpError(400, ErrorCode.BAD_REQUEST, `The event "${event}" is not known.`),
  invalidTarget: () =>
    new HttpError(400, ErrorCode.BAD_REQUEST, 'The subscription target must be an id, { id }, or nothing.'),
  nodeRobotOnly: (type: string) =>
    new HttpError(
      403,
      ErrorCode.FORBIDDEN,
      `A node's robot follows its own node's records only, not "${type}".`,
    ),
  tooManySubscriptions: (limit: number) =>
    new HttpError(400, ErrorCode.BAD_REQUEST, `A connection may hold at most ${limit} subscriptions.`),
};
