import { describe, expect, it } from 'vitest';
import { parseFilePath } from './file-path.ts';

describe('parseFilePath', () => {
  it('keeps relative paths and splits off name and directory', () => {
    expect(parseFilePath('main.py')).toEqual({ path: 'main.py', name: 'main.py', directory: '.' });
    expect(parseFilePath('src/lib/util.py')).toEqual({
      path: 'src/lib/util.py',
      name: 'util.py',
      directory: 'src/lib',
    });
    expect(parseFilePath('données/résumé.txt').name).toBe('résumé.txt');
    expect(parseFilePath('.hidden/..dots..').directory).toBe('.hidden');
  });

  it.each([
    ['../x', 'segments'],
    ['a/../../b', 'segments'],
    ['a/./b', 'segments'],
    ['a//b', 'segments'],
    ['dir/', 'segments'],
    ['..', 'segments'],
    ['/etc/passwd', 'relative'],
    ['C:/Windows/win.ini', 'relative'],
    ['..\\x', '"/"'],
    ['a\u0000b', 'control character'],
    ['a\nb', 'control character'],
    ['', 'empty'],
    [`${'d/'.repeat(512)}x`, 'longer than 1024 bytes'],
    [`${'x'.repeat(256)}`, 'longer than 255 bytes'],
  ])('refuses %j', (raw, reason) => {
    expect(() => parseFilePath(raw)).toThrow(reason);
  });

  it('counts the limit in bytes, not characters', () => {
    const path = `${'é/'.repeat(256)}x`; // 256 * 3 + 1 = 769 bytes
    expect(parseFilePath(path).path).toBe(path);
    expect(() => parseFilePath(`${'é/'.repeat(342)}x`)).toThrow('1024 bytes');
  });
});
