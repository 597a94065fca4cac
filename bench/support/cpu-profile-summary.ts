/**
 * Sums a V8 `.cpuprofile` (as `node --cpu-prof` writes it) into text: self time by function and by
 * file (node_modules packages folded into their package name), so a profile can be read without a
 * viewer. Used by bench/profile.ts; also runnable on its own:
 * `npx tsx bench/support/cpu-profile-summary.ts some.cpuprofile [top]`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A package name for files under node_modules, a repository-relative path otherwise. */
function whereFrom(url: string): string {
  if (!url) return '(native)';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1]!;
  if (url.startsWith('node:')) return url;
  const repoMatch = /\/(apps|packages|e2e|bench)\/.*$/.exec(url);
  return repoMatch ? repoMatch[0].slice(1) : url;
}

function top(map: Map<string, number>, total: number, count: number): string[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([name, micros]) =>
        `${((micros / total) * 100).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${name}`,
    );
}

export function summarizeProfile(file: string, count = 40): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfByNode = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfByNode.set(id, (selfByNode.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, micros] of selfByNode) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    total += micros;
    if (functionName === '(idle)') idle += micros;
    const where = whereFrom(url);
    const name = `${functionName || '(anonymous)'} ${where}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    if (functionName !== '(idle)') byFile.set(where, (byFile.get(where) ?? 0) + micros);
  }
  // Inclusive time by repository file or package: what a request spends below each of them.
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const inclusiveByFile = new Map<string, number>();
  for (const [id, micros] of selfByNode) {
    if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
    const seen = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parentOf.get(current)) {
      const where = whereFrom(byId.get(current)!.callFrame.url);
      if (seen.has(where)) continue;
      seen.add(where);
      inclusiveByFile.set(where, (inclusiveByFile.get(where) ?? 0) + micros);
    }
  }
  const busy = total - idle;
  return [
    `total ${(total / 1000).toFixed(0)} ms, idle ${((idle / total) * 100).toFixed(1)} %; shares of busy time:`,
    '--- self time by function',
    ...top(new Map([...byFunction].filter(([name]) => !name.startsWith('(idle)'))), busy, count),
    '--- self time by file/package',
    ...top(byFile, busy, count),
    '--- inclusive time by file/package',
    ...top(inclusiveByFile, busy, count),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(summarizeProfile(process.argv[2]!, Number(process.argv[3] ?? 40)));
}
