import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition.ts';

describe('attachmentDisposition', () => {
  it('names plain files as they are', () => {
    expect(attachmentDisposition('main.py')).toBe(`attachment; filename="main.py"; filename*=UTF-8''main.py`);
  });

  it('keeps the exact name in filename* and a safe ASCII stand-in in filename', () => {
    expect(attachmentDisposition('résumé (final).txt')).toBe(
      `attachment; filename="r_sum_ (final).txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%28final%29.txt`,
    );
  });

  it('cannot be broken out of with quotes, backslashes or line breaks', () => {
    const header = attachmentDisposition('a"b\\c\r\nSet-Cookie: x=1');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toMatch(
      /^attachment; filename="a_b_c__Set-Cookie: x=1"; filename\*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x%3D1$/,
    );
  });
});
