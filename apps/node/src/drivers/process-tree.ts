import { readdir, readFile } from 'node:fs/promises';

/**
 * The resident memory (bytes) of every process in a process group, read from /proc. The process
 * driver starts each analysis as the leader of its own group, so this is the analysis with all the
 * processes it started. 0 where /proc is missing (not Linux): the limit is then not enforced.
 */
export async function groupResidentBytes(groupId: number): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return 0;
  }
  let total = 0;
  await Promise.all(
    entries
      .filter((entry) => /^\d+$/.test(entry))
      .map(async (pid) => {
        try {
          const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
          // Fields after the command name (which may hold spaces and parentheses): state ppid pgrp ...
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          if (Number(fields[2]) !== groupId) return;
          const status = await readFile(`/proc/${pid}/status`, 'utf8');
          const rss = /^VmRSS:\s+(\d+) kB/m.exec(status);
          if (rss) total += Number(rss[1]) * 1024;
        } catch {
          // The process ended meanwhile.
        }
      }),
  );
  return total;
}

/** Sends a signal to a whole process group; a group that is gone already is no error. */
export function signalGroup(groupId: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-groupId, signal);
  } catch {
    // ended already
  }
}
