import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { ErrorCode, type ErrorBody } from '@federa/schemas';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** The answer to a request Node's HTTP parser refused before any route saw it. */
export function clientErrorBody(error: { code?: string }): ErrorBody {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        statusCode: 408,
        code: ErrorCode.REQUEST_TIMEOUT,
        message: 'The request took too long to arrive.',
      };
    case 'HPE_HEADER_OVERFLOW':
      return {
        statusCode: 431,
        code: ErrorCode.REQUEST_HEADERS_TOO_LARGE,
        message: 'The request headers or the address are too large.',
      };
    default:
      return { statusCode: 400, code: ErrorCode.BAD_REQUEST, message: 'The request is malformed.' };
  }
}

/**
 * Fastify's `clientErrorHandler`, answering parser errors (oversized headers or URL, bad chunking,
 * a bad request line) with the error body every other error has, then closing the connection as
 * Node does.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = function (
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
) {
  // A reset connection is gone; there is nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const body = clientErrorBody(error);
  this.log.debug({ code: error.code }, 'malformed request refused by the HTTP parser');
  // A response already under way on this connection must not be interleaved with another one.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const text = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${body.statusCode} ${STATUS_CODES[body.statusCode]}\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Connection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
};
