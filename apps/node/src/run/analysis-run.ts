import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentConfig } from '../config.ts';
import type { Driver, ImageReference, RunOutcome } from '../drivers/driver.ts';
import type { HubApi } from '../hub/hub-api.ts';
import type { AnalysisNodeRecord, NodeRecord, StoredFile } from '../hub/records.ts';
import { LogReporter } from './log-reporter.ts';
import { outputFiles } from './outputs.ts';

/** The storage buckets of an analysis, named as the hub names them. */
export const resultBucketName = (analysisId: string) => `analysis-result-files.${analysisId}`;
export const tempBucketName = (analysisId: string) => `analysis-temp-files.${analysisId}`;

export interface RunDependencies {
  hub: HubApi;
  node: NodeRecord;
  config: AgentConfig;
  driver: Driver;
  /** Where the analysis' image for this node is, with the digest the hub recorded. */
  locateImage(analysisNode: AnalysisNodeRecord): Promise<ImageReference>;
  accessToken(): Promise<string>;
  /** The agent's own log (stdout of the agent), for what happens at the site. */
  say(message: string): void;
}

/** The partial results in TEMP grouped by the node that wrote them (the first path segment). */
export function partialsByNode(files: StoredFile[]): Map<string, StoredFile[]> {
  const groups = new Map<string, StoredFile[]>();
  for (const file of files) {
    const [nodeId, ...rest] = file.path.split('/');
    if (!nodeId || rest.length === 0) continue;
    groups.set(nodeId, [...(groups.get(nodeId) ?? []), file]);
  }
  return groups;
}

function describeFailure(outcome: RunOutcome, config: AgentConfig): string {
  if (outcome.ended === 'timeout')
    return `The analysis exceeded the time limit of ${config.runTimeoutMs} ms and was ended.`;
  if (outcome.ended === 'memory')
    return `The analysis exceeded the memory limit of ${config.runMemoryMb} MB and was ended.`;
  return `The analysis exited with code ${outcome.exitCode ?? 'none (killed by a signal)'}.`;
}

/**
 * One run of an analysis at this node, reported to the hub as it goes: run status starting (image
 * being pulled and verified), started, running, then finished, failed or stopped; the analysis'
 * output lines as logs (stdout `info`, stderr `error`); the results uploaded before `finished` — a
 * default node's into TEMP under its node id, the aggregator's into RESULT.
 */
export async function runAnalysis(
  deps: RunDependencies,
  analysisNode: AnalysisNodeRecord,
  signal: AbortSignal,
): Promise<'finished' | 'failed' | 'stopped'> {
  const { hub, node, config } = deps;
  const analysisId = analysisNode.analysis_id;
  const realmId = analysisNode.analysis_realm_id;
  const aggregator = node.type === 'aggregator';
  const logs = new LogReporter(hub, { analysis_id: analysisId, node_id: node.id }, (error) =>
    deps.say(`a log line was refused: ${(error as Error).message}`),
  );
  const status = async (value: string) => {
    await hub.setRunStatus(analysisNode.id, value);
    deps.say(`analysis ${analysisId}: ${value}`);
  };
  const runId = `${analysisId}-${node.id}`;
  const runDir = path.join(config.workDir, 'runs', runId);
  const inputDir = aggregator ? path.join(runDir, 'input') : config.dataDir;
  const outputDir = path.join(runDir, 'output');

  try {
    await status('starting');
    await rm(runDir, { recursive: true, force: true });
    await mkdir(outputDir, { recursive: true });
    if (aggregator) await receivePartials(deps, analysisId, realmId, inputDir, logs);
    const image = await deps.locateImage(analysisNode);
    logs.line('notice', `Pulling ${image.reference} (${image.digest}).`, { source: 'agent' });

    const transitions: Promise<void>[] = [];
    const outcome = await deps.driver.run({
      runId,
      image,
      inputDir,
      outputDir,
      env: {
        FEDERA_ROLE: aggregator ? 'aggregator' : 'default',
        FEDERA_ANALYSIS_ID: analysisId,
        FEDERA_NODE_ID: node.id,
      },
      timeoutMs: config.runTimeoutMs,
      memoryBytes: config.runMemoryMb * 1024 * 1024,
      network: config.runNetwork,
      signal,
      onStarted: () => transitions.push(status('started')),
      onRunning: () => transitions.push(Promise.all(transitions).then(() => status('running'))),
      onLine: (stream, line) => logs.line(stream === 'stderr' ? 'error' : 'info', line, { stream }),
    });
    await Promise.all(transitions);

    if (outcome.ended === 'stopped') {
      logs.line('notice', 'The run was stopped by the hub.', { source: 'agent' });
      await logs.flush();
      await status('stopped');
      return 'stopped';
    }
    if (outcome.exitCode !== 0 || outcome.ended) {
      logs.line('error', describeFailure(outcome, config), { source: 'agent' });
      await logs.flush();
      await status('failed');
      return 'failed';
    }
    const items = await outputFiles(outputDir, aggregator ? '' : `${node.id}/`);
    if (items.length === 0) {
      logs.line('error', 'The analysis wrote nothing into FEDERA_OUTPUT_DIR.', { source: 'agent' });
      await logs.flush();
      await status('failed');
      return 'failed';
    }
    const bucket = aggregator ? resultBucketName(analysisId) : tempBucketName(analysisId);
    await replaceEarlierUploads(deps, bucket, realmId, new Set(items.map((item) => item.path)));
    await hub.upload(bucket, realmId, items);
    logs.line(
      'notice',
      `Uploaded ${items.length} file(s) ${aggregator ? 'as the result of the analysis' : 'as the partial result of this site'}.`,
      { source: 'agent' },
    );
    await logs.flush();
    await status('finished');
    return 'finished';
  } catch (error) {
    logs.line('error', `The run failed: ${(error as Error).message}`, { source: 'agent' });
    await logs.flush();
    await status('failed').catch(() => {});
    return 'failed';
  } finally {
    await rm(runDir, { recursive: true, force: true });
  }
}

/**
 * Removes what this node uploaded under the same paths in an earlier run of the analysis (one the
 * hub started again with `spinUp`): a bucket holds each path once.
 */
async function replaceEarlierUploads(
  deps: RunDependencies,
  bucket: string,
  realmId: string,
  paths: Set<string>,
): Promise<void> {
  const earlier = (await deps.hub.bucketFiles(bucket, realmId)).filter(
    (file) => file.actor_id === deps.node.robot_id && paths.has(file.path),
  );
  for (const file of earlier) await deps.hub.deleteFile(file.id);
}

/** Downloads the partial results of the default nodes into `inputDir/<node id>/…`. */
async function receivePartials(
  deps: RunDependencies,
  analysisId: string,
  realmId: string,
  inputDir: string,
  logs: LogReporter,
): Promise<void> {
  const files = await deps.hub.bucketFiles(tempBucketName(analysisId), realmId);
  const groups = partialsByNode(files);
  const token = await deps.accessToken();
  for (const [nodeId, group] of groups) {
    for (const file of group) {
      const target = path.join(inputDir, ...file.path.split('/'));
      if (!target.startsWith(`${inputDir}${path.sep}`)) continue;
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, await deps.hub.download(file.id, token));
    }
    logs.line('notice', `Received the partial result of node ${nodeId} (${group.length} file(s)).`, {
      source: 'agent',
    });
  }
}
