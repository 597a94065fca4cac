import { describe, expect, it } from 'vitest';
import { AccessError, PermissionError, PolicyError, isPermissionError, isPolicyError } from './errors.ts';

describe('errors', () => {
  it.each([
    [PermissionError.notFound('a'), 403, 'permission_not_found', 'The permission a was not found.'],
    [PermissionError.denied('a'), 403, 'permission_denied', 'The permission a has not been granted.'],
    [
      PermissionError.noneGranted(['a', 'b']),
      403,
      'permission_denied',
      'None of the permissions a, b has been granted.',
    ],
    [
      PermissionError.evaluationFailed('a'),
      403,
      'permission_evaluation_failed',
      'The evaluation of permission a failed.',
    ],
    [
      PermissionError.evaluationFailed('a', { statusCode: 401 }),
      401,
      'permission_evaluation_failed',
      'The evaluation of permission a failed.',
    ],
    [
      PolicyError.evaluatorNotFound('x'),
      400,
      'policy_evaluator_not_found',
      'No evaluator is registered to handle the policy: x',
    ],
    [
      PolicyError.evaluatorNotProcessable(),
      400,
      'policy_evaluator_not_processable',
      'The evaluator can not process the policy.',
    ],
    [
      PolicyError.evaluatorContextInvalid(),
      400,
      'policy_evaluator_context_invalid',
      'The evaluator context is not valid.',
    ],
  ])('%s', (error, statusCode, code, message) => {
    expect(error).toBeInstanceOf(AccessError);
    expect(error).toBeInstanceOf(Error);
    expect(error.toJSON()).toEqual({ statusCode, code, message });
    expect(JSON.parse(JSON.stringify(error))).toEqual({ statusCode, code, message });
  });

  it('tells the two kinds apart', () => {
    expect(isPolicyError(PolicyError.evaluatorNotProcessable())).toBe(true);
    expect(isPolicyError(PermissionError.notFound('a'))).toBe(false);
    expect(isPermissionError(PermissionError.notFound('a'))).toBe(true);
    expect(isPermissionError(new Error('x'))).toBe(false);
  });
});
