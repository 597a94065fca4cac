import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface GeneratedCredential {
  /** What was created, e.g. "An administrator account". */
  what: string;
  name: string;
  /** How to call the secret: `password` or `secret`. */
  label: 'password' | 'secret';
  secret: string;
  /** File in the data directory the secret is kept in. */
  file: string;
}

/**
 * Hands a generated credential to the operator exactly once: printed to the terminal and written to
 * a file only the server's user can read. It is never logged.
 */
export async function announceGeneratedCredential(
  dataDir: string,
  credential: GeneratedCredential,
): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, credential.file);
  await writeFile(file, `${credential.secret}\n`, { mode: 0o600 });
  process.stdout.write(
    [
      '',
      `  ${credential.what} was created.`,
      `    ${'name:'.padEnd(9)} ${credential.name}`,
      `    ${`${credential.label}:`.padEnd(9)} ${credential.secret}`,
      `  It is also stored in ${file} (readable by this user only).`,
      '  It will not be shown again.',
      '',
      '',
    ].join('\n'),
  );
}
