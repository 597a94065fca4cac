import { describe, expect, it } from 'vitest';
import {
  matchesPathPattern,
  matchRedirectUri,
  parseRedirectUris,
  parseRequestedRedirectUri,
} from './redirect-uri.ts';

describe('matchesPathPattern', () => {
  // The redirect-URI vectors of the original server (value, pattern, expected).
  it.each([
    ['test', 'test', true],
    ['foo', '*', true],
    ['test', 'test/*', true],
    ['test/foo', 'test/*', true],
    ['test/', 'test/*', true],
    ['test/foo/bar', 'test/*', false],
    ['test/foo', '**', true],
    ['test', 'test/**', true],
    ['test/foo/bar', 'test/**', true],
    ['test/', 'test/**', true],
    ['baz', 'test/**', false],
  ])('original vector: %s against %s is %s', (value, pattern, expected) => {
    expect(matchesPathPattern(value, pattern)).toBe(expected);
  });

  it.each([
    ['/a/x/c', '/a/*/c', true],
    ['/a/x/y/c', '/a/*/c', false],
    ['/a/c', '/a/*/c', false],
    ['/callback-42', '/callback-*', true],
    ['/other-42', '/callback-*', false],
    ['/test', '/test/', false],
    ['/testing', '/test/*', false],
    ['/testing', '/test/**', false],
    ['/test', '/test*', true],
    ['/a/b', '/**/b', false],
    ['/ab', '/a*b', false],
    ['/a*b', '/a*b', false],
    ['/a', '/***', false],
  ])('%s against %s is %s', (value, pattern, expected) => {
    expect(matchesPathPattern(value, pattern)).toBe(expected);
  });
});

describe('parseRedirectUris', () => {
  it('splits the comma-separated entries and ignores blanks', () => {
    expect(parseRedirectUris(' https://a.example/cb , ,https://b.example/* ')).toEqual([
      'https://a.example/cb',
      'https://b.example/*',
    ]);
    expect(parseRedirectUris(null)).toEqual([]);
    expect(parseRedirectUris('')).toEqual([]);
  });
});

describe('matchRedirectUri', () => {
  const registered =
    'https://good.example/cb,https://good.example/app/*,https://spa.example/**,com.example.app:/oauth';

  it.each([
    ['https://good.example/cb', true],
    ['https://GOOD.example/cb', true],
    ['https://good.example:443/cb', true],
    ['https://good.example/app', true],
    ['https://good.example/app/', true],
    ['https://good.example/app/done', true],
    ['https://good.example/app/done?x=1', true],
    ['https://spa.example', true],
    ['https://spa.example/deep/link/here?tab=2', true],
    ['com.example.app:/oauth', true],
    ['https://good.example/cb?next=/admin', false],
    ['https://good.example/cb/', false],
    ['https://good.example/CB', false],
    ['https://good.example/app/done/more', false],
    ['http://good.example/cb', false],
    ['https://good.example:8443/cb', false],
    ['https://spa.example:444/', false],
    ['https://evil.example/cb', false],
    ['https://good.example.evil.example/cb', false],
    ['https://evilgood.example/cb', false],
    ['https://good.example./cb', false],
    ['com.example.app:/other', false],
  ])('%s → %s', (requested, expected) => {
    expect(matchRedirectUri(requested, registered)).toBe(expected);
  });

  it.each([
    ['userinfo pointing elsewhere', 'https://good.example@evil.example/cb'],
    ['an @ in the path', 'https://good.example/cb@evil.example'],
    ['an @ below a wildcard', 'https://good.example/app/x@evil.example'],
    ['credentials', 'https://user:pass@good.example/cb'],
    ['a backslash', 'https://good.example\\@evil.example/cb'],
    ['a backslash in the path', 'https://good.example/app\\..\\admin'],
    ['a fragment', 'https://good.example/cb#token'],
    ['a dot-dot segment', 'https://good.example/app/../admin'],
    ['a dot-dot segment that resolves onto an entry', 'https://good.example/x/../cb'],
    ['an encoded dot-dot segment', 'https://good.example/app/%2e%2e/admin'],
    ['a half-encoded dot-dot segment', 'https://good.example/app/.%2E/admin'],
    ['a dot segment', 'https://good.example/./cb'],
    ['an encoded slash', 'https://good.example/app/a%2Fb'],
    ['an encoded backslash', 'https://good.example/app/a%5cb'],
    ['a line break that parsers drop', 'https://good.exa\nmple/cb'],
    ['a tab', 'https://good.example/c\tb'],
    ['a control character', 'https://good.example/cb\u0001'],
    ['a relative URI', '/cb'],
    ['not a URI', 'not a uri'],
  ])('refuses %s', (_label, requested) => {
    expect(matchRedirectUri(requested, registered)).toBe(false);
    expect(parseRequestedRedirectUri(requested)).toBeUndefined();
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'file:///etc/passwd',
  ])('refuses the script-capable or local URI %s even when it is registered', (uri) => {
    expect(matchRedirectUri(uri, uri)).toBe(false);
  });

  it('never stretches a wildcard to the scheme, host or port', () => {
    expect(matchRedirectUri('https://evil.example/cb', 'https://*/cb')).toBe(false);
    expect(matchRedirectUri('https://a.good.example/cb', 'https://*.good.example/cb')).toBe(false);
    expect(matchRedirectUri('https://good.example.evil.example/cb', 'https://good.example*/cb')).toBe(false);
    expect(matchRedirectUri('https://good.example:8443/cb', 'https://good.example:*/cb')).toBe(false);
  });

  it('requires the query of an entry that has one', () => {
    expect(matchRedirectUri('https://good.example/cb?app=1', 'https://good.example/cb?app=1')).toBe(true);
    expect(matchRedirectUri('https://good.example/cb?app=2', 'https://good.example/cb?app=1')).toBe(false);
    expect(matchRedirectUri('https://good.example/cb', 'https://good.example/cb?app=1')).toBe(false);
  });

  it('never matches for a client without redirect URIs or with unusable entries', () => {
    expect(matchRedirectUri('https://good.example/cb', null)).toBe(false);
    expect(matchRedirectUri('https://good.example/cb', undefined)).toBe(false);
    expect(matchRedirectUri('https://good.example/cb', '')).toBe(false);
    expect(matchRedirectUri('https://good.example/cb', ' , ')).toBe(false);
    expect(matchRedirectUri('https://good.example/cb', 'not a url')).toBe(false);
    expect(matchRedirectUri('https://good.example/cb#x', 'https://good.example/cb#x')).toBe(false);
  });
});
