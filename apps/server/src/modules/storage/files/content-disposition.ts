/**
 * `Content-Disposition: attachment` for a download (RFC 6266): a plain `filename` that every client
 * understands, with anything outside printable ASCII (and the quote and backslash that would end or
 * escape it) replaced, plus `filename*` with the exact UTF-8 name percent-encoded (RFC 8187).
 * Header injection is impossible: neither form can contain CR, LF or an unescaped quote.
 */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'download';
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
