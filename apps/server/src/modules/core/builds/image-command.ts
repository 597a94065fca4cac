import path from 'node:path';
import type { MasterImageCommandArgument } from '@federa/schemas';

/** Where the code layer puts the analysis files in the image. */
export const CODE_DIRECTORY = '/opt/code/';

/**
 * The image's `Cmd`, as the original builds it: the master image's command, the arguments placed
 * before (or without a position), the entrypoint's path under /opt/code, then the arguments placed
 * after. The analysis's own arguments replace the master image's.
 */
export function imageCommand(input: {
  command: string | null;
  analysisArguments: MasterImageCommandArgument[] | null;
  masterImageArguments: MasterImageCommandArgument[] | null;
  entrypoint: { directory: string; name: string };
}): string[] {
  const args = input.analysisArguments ?? input.masterImageArguments ?? [];
  const entrypoint = path.posix.join(CODE_DIRECTORY, input.entrypoint.directory, input.entrypoint.name);
  return [
    ...(input.command ? [input.command] : []),
    ...args.filter((arg) => arg.position !== 'after').map((arg) => arg.value),
    entrypoint,
    ...args.filter((arg) => arg.position === 'after').map((arg) => arg.value),
  ];
}
