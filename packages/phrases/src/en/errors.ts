import type { AnyErrorCode } from '@federa/schemas';

/**
 * Messages for the stable error codes of the HTTP APIs (`ErrorCode` in `@federa/schemas`) and the
 * transport codes of `@federa/client` (`ClientErrorCode`), keyed by code so that the web app can
 * translate an error's `code` directly. Exactly one phrase per code: a code without its phrase, or a
 * phrase without its code, does not compile.
 */
export const errors = {
  bad_request: 'The request is invalid.',
  validation_failed: 'Some fields are invalid. Please check your input.',
  query_invalid: 'The search, filter or sort options are invalid.',
  not_found: 'The requested resource was not found.',
  entity_not_found: 'The requested entry does not exist (any more).',
  route_not_found: 'This address does not exist on the server.',
  conflict: 'An entry with these values already exists.',
  entity_modified:
    'Someone else changed this entry since you opened it. Reload it to see their changes, or overwrite them with yours.',
  unauthorized: 'Please sign in to continue.',
  forbidden: 'You are not allowed to do this.',
  payload_too_large: 'The upload is too large.',
  request_headers_too_large: 'The request is too large to be read (headers or address).',
  request_timeout: 'The request took too long to arrive. Please try again.',
  unsupported_media_type: 'This file or content type is not supported.',
  rate_limited: 'Too many requests. Please wait a moment and try again.',
  service_unavailable: 'The service is currently unavailable. Please try again later.',
  internal_error: 'An internal error occurred. Please try again later.',
  // Identity and tokens (docs/product/identity-and-access.md §8)
  invalid_credentials: 'The user credentials are invalid.',
  too_many_attempts: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  entity_inactive: 'The user account is inactive.',
  invalid_request: 'The request is missing a required parameter or is otherwise malformed.',
  invalid_grant: 'The sign-in has expired or is no longer valid. Please sign in again.',
  invalid_client: 'Client authentication failed.',
  unsupported_token_grant_type: 'The authorization grant type is not supported.',
  unsupported_response_type: 'The authorization response type is not supported.',
  invalid_scope: 'The requested scope is invalid, unknown or malformed.',
  insufficient_scope: 'The request requires higher privileges than supported by the client.',
  redirect_uri_mismatch: 'The redirect URI is missing or do not match',
  invalid_token: 'The Token is invalid.',
  expired_token: 'The token has expired. Please sign in again.',
  inactive_token: 'The token is not active. Please sign in again.',
  jwk_not_found: 'A token signing key could not be retrieved.',
  jwk_invalid: 'The token signing key is invalid.',
  unsupported_auth_header_type: 'The authorization header type is not supported.',
  feature_disabled: 'This function is not enabled on this server.',
  current_password_invalid:
    'Your current password is missing or wrong. It is needed to change your own password.',
  entity_reference_invalid: 'A referenced entry does not exist.',
  analysis_bucket_entrypoint_exists: 'The analysis bucket has an entrypoint file already.',
  // Access decisions (docs/product/identity-and-access.md §6, §8)
  insufficient_permissions: "You don't own the required permissions.",
  permission_not_found: 'A permission required for this was not found.',
  permission_denied: 'You are not allowed to do this.',
  permission_evaluation_failed: 'The evaluation of a required permission failed.',
  policy_denied: 'The policy was not satisfied.',
  policy_evaluator_not_found: 'No evaluator is registered to handle the policy.',
  policy_evaluator_not_processable: 'The evaluator can not process the policy.',
  policy_evaluator_context_invalid: 'The evaluator context is not valid.',
  // Requests that never got an answer (client codes)
  ECONNRESET: 'The server could not be reached. Please check your connection and try again.',
  ECONNABORTED: 'The request was aborted.',
  unexpected_response:
    "The server's answer is not what this app expects. Reload the page; if it happens again, the app and the server may be of different versions.",
  // The authorization header could not be built or read (client codes)
  discovery_failed: 'The discovery document could not be read.',
  vault_unavailable: 'The secrets vault could not be used. Please try again later.',
  auth_header_invalid: 'The authorization header is invalid.',
  auth_header_parse: 'The authorization header could not be parsed.',
  auth_header_type_parse: 'The type of the authorization header could not be parsed.',
} as const satisfies Record<AnyErrorCode, string>;
