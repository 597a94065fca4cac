import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './redirect-target.ts';

describe('safeRedirectTarget', () => {
  it.each([
    ['/admin/users', '/admin/users'],
    ['/admin/users?page=2#top', '/admin/users?page=2#top'],
    ['/', '/'],
    ['/projects/../admin', '/admin'],
  ])('accepts the local path %s', (value, expected) => {
    expect(safeRedirectTarget(value)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'admin/users',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/\n/evil',
    '/\t/evil.example',
    '/login',
    '/login?redirect=/x',
    '/logout',
  ])('refuses %s', (value) => {
    expect(safeRedirectTarget(value)).toBeUndefined();
  });
});
