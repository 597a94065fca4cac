import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { describeRouteError } from './describe-route-error.ts';

describe('describeRouteError', () => {
  it('takes status and description from a thrown response, not its statusText', () => {
    expect(describeRouteError(new ErrorResponse(404, 'Internal Server Error', 'No such project.'))).toEqual({
      status: 404,
      description: 'No such project.',
      chunkLoad: false,
    });
    expect(
      describeRouteError(new ErrorResponse(403, '', { message: 'Forbidden', description: 'Ask an admin.' })),
    ).toEqual({ status: 403, message: 'Forbidden', description: 'Ask an admin.', chunkLoad: false });
  });

  it('treats anything else as a 500, flagging failed chunk loads', () => {
    expect(describeRouteError(new Error('boom'))).toEqual({ status: 500, chunkLoad: false });
    expect(describeRouteError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toEqual({
      status: 500,
      chunkLoad: true,
    });
  });
});
