import { z } from 'zod';
import { EMAIL_PATTERN, NAME_PATTERN } from '../patterns.ts';

/**
 * The field rules of the identity API's request bodies (realms, clients, permissions, roles, scopes,
 * users, identity providers, robots and policies), with the messages authup gives.
 */

const NAME_MESSAGE =
  'The input value is only allowed to consist of the following characters: [0-9a-zA-Z-_.]+';

export const identityName = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, `This field should be at least ${min} characters long`)
    .max(max, `The maximum length allowed is ${max}`)
    .regex(NAME_PATTERN, NAME_MESSAGE);

export const identityText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, `This field should be at least ${min} characters long`)
    .max(max, `The maximum length allowed is ${max}`);

export const optionalIdentityText = (min: number, max: number) => identityText(min, max).nullish();

export const identityId = () => z.uuid('The value must be a valid id.');

export const identityUrl = (max = 2000) =>
  z
    .url({ error: 'The value is not a valid URL address', protocol: /^https?$/ })
    .max(max, `The maximum length allowed is ${max}`);

/** The platform's password rule: at least 8 characters with an uppercase and a lowercase letter and a digit. */
export const identityPassword = () =>
  z
    .string()
    .min(8, 'This field should be at least 8 characters long')
    .max(512, 'The maximum length allowed is 512')
    .regex(/[A-Z]/, 'The password must contain an uppercase letter.')
    .regex(/[a-z]/, 'The password must contain a lowercase letter.')
    .regex(/[0-9]/, 'The password must contain a digit.');

export const identityEmail = () =>
  z
    .string()
    .trim()
    .min(5, 'This field should be at least 5 characters long')
    .max(255, 'The maximum length allowed is 255')
    .regex(EMAIL_PATTERN, 'Value is not a valid email address');

/** User names must not pretend to be the system (checked case-insensitively at the start). */
export const RESERVED_USER_NAME_PREFIXES = ['bot', 'system', 'everyone', 'here'];
