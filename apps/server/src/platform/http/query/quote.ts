const MAX_SHOWN = 64;

/**
 * Renders client input for an error message: quoted, control characters escaped, and cut short so a
 * hostile query string cannot inflate the response or the logs.
 */
export function quote(value: string): string {
  const shown = value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value;
  return JSON.stringify(shown);
}

/** A parameter name taken from the query string, shortened for messages. */
export function parameterName(key: string): string {
  const shown = key.length > MAX_SHOWN ? `${key.slice(0, MAX_SHOWN)}…` : key;
  return [...shown].map((character) => (isControl(character) ? '?' : character)).join('');
}

function isControl(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f;
}
