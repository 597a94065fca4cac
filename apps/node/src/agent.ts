import type { AgentConfig } from './config.ts';
import type { Driver, ImageReference } from './drivers/driver.ts';
import { followRealtime } from './follow/realtime.ts';
import { HubApi } from './hub/hub-api.ts';
import { recordedDigest, type AnalysisNodeRecord, type NodeRecord } from './hub/records.ts';
import { RobotSession } from './hub/session.ts';
import { partialsByNode, runAnalysis, tempBucketName } from './run/analysis-run.ts';

export interface AgentOptions {
  config: AgentConfig;
  driver: Driver;
  /** Where an analysis' image for this node is; by default read from the hub (registry, node project). */
  locateImage?: (analysisNode: AnalysisNodeRecord, node: NodeRecord, hub: HubApi) => Promise<ImageReference>;
  /** The agent's own lines (default: stdout). */
  say?: (message: string) => void;
}

interface ActiveRun {
  controller: AbortController;
  done: Promise<unknown>;
}

/**
 * The node agent: signs in as the node's robot, follows the node's project nodes and analysis nodes
 * (realtime, with polling as the fallback), approves what the approval rule allows, and runs every
 * analysis its node approved once the image is built: default nodes at once, the aggregator when
 * the partial results of all default nodes are in. A run whose status the hub sets to `stopping`
 * (the analysis' `tearDown`) is stopped.
 */
export class NodeAgent {
  readonly session: RobotSession;
  readonly hub: HubApi;
  private node: NodeRecord | undefined;
  private readonly autoApproveRealmIds: ReadonlySet<string>;
  private readonly runs = new Map<string, ActiveRun>();
  private reconciling: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private realtime: ReturnType<typeof followRealtime> | undefined;
  private stopped = false;
  private readonly say: (message: string) => void;

  constructor(private readonly options: AgentOptions) {
    const { config } = options;
    this.session = new RobotSession(config.hubUrl, config.robotId, config.robotSecret);
    this.hub = new HubApi(this.session.client());
    this.autoApproveRealmIds = new Set(config.autoApproveRealms);
    this.say = options.say ?? ((message) => process.stdout.write(`[node] ${message}\n`));
  }

  /** The node this agent speaks for (after `start`). */
  get nodeRecord(): NodeRecord {
    if (!this.node) throw new Error('The agent has not started.');
    return this.node;
  }

  async start(): Promise<void> {
    this.node = await this.hub.nodeOfRobot(this.options.config.robotId);
    this.say(
      `signed in as the robot of node ${this.node.name} (${this.node.type}), driver ${this.options.driver.name}`,
    );
    this.realtime = followRealtime({
      hubUrl: this.options.config.hubUrl,
      realmId: this.node.realm_id,
      accessToken: () => this.session.accessToken(),
      forgetToken: () => this.session.invalidate(),
      onChange: () => this.reconcile(),
      say: this.say,
    });
    this.schedulePoll();
    await this.reconcile();
  }

  /** Stops following the hub and ends the runs in progress (reported `stopped`). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.realtime?.close();
    for (const run of this.runs.values()) run.controller.abort();
    await Promise.allSettled([...this.runs.values()].map((run) => run.done));
    await this.reconciling;
  }

  /** Whether the realtime connection is up (polling continues either way). */
  realtimeConnected(): boolean {
    return this.realtime?.connected() ?? false;
  }

  private schedulePoll(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.reconcile().finally(() => this.schedulePoll());
    }, this.options.config.pollIntervalMs);
    this.timer.unref?.();
  }

  /** Brings the node's work in line with the hub; calls while one runs make it run once more after. */
  reconcile(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.reconciling) {
      this.again = true;
      return this.reconciling;
    }
    this.reconciling = (async () => {
      do {
        this.again = false;
        try {
          await this.reconcileOnce();
        } catch (error) {
          this.say(`the hub could not be reached or refused a call: ${(error as Error).message}`);
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.reconciling = undefined;
    });
    return this.reconciling;
  }

  private async reconcileOnce(): Promise<void> {
    const node = this.nodeRecord;
    for (const projectNode of await this.hub.projectNodes(node.id)) {
      if (
        projectNode.approval_status === null &&
        this.autoApproveRealmIds.has(projectNode.project_realm_id)
      ) {
        await this.hub.approveProject(projectNode.id, 'Approved by the node agent (approval rule).');
        this.say(`approved project ${projectNode.project_id}`);
      }
    }
    for (const analysisNode of await this.hub.analysisNodes(node.id)) {
      await this.consider(analysisNode);
    }
  }

  private async consider(analysisNode: AnalysisNodeRecord): Promise<void> {
    const active = this.runs.get(analysisNode.id);
    if (active) {
      if (analysisNode.run_status === 'stopping') active.controller.abort();
      return;
    }
    const analysis = analysisNode.analysis;
    if (
      analysisNode.approval_status === null &&
      analysis &&
      !analysis.configuration_locked &&
      this.autoApproveRealmIds.has(analysisNode.analysis_realm_id)
    ) {
      await this.hub.approveAnalysis(analysisNode.id, 'Approved by the node agent (approval rule).');
      this.say(`approved analysis ${analysisNode.analysis_id}`);
      return;
    }
    // Only what this node approved runs, and only the image the hub built and recorded.
    if (analysisNode.approval_status !== 'approved') return;
    if (analysis?.build_status !== 'finished' || !recordedDigest(analysisNode)) return;
    if (analysisNode.run_status === 'stopping') {
      await this.hub.setRunStatus(analysisNode.id, 'stopped');
      return;
    }
    if (analysisNode.run_status !== null) return;
    if (this.nodeRecord.type === 'aggregator' && !(await this.partialsComplete(analysisNode))) return;
    this.launch(analysisNode);
  }

  /** Whether every default node of the analysis has left its partial result in TEMP. */
  private async partialsComplete(analysisNode: AnalysisNodeRecord): Promise<boolean> {
    const expected = (analysisNode.analysis?.nodes ?? 0) - 1;
    if (expected < 1) return false;
    const files = await this.hub.bucketFiles(
      tempBucketName(analysisNode.analysis_id),
      analysisNode.analysis_realm_id,
    );
    return partialsByNode(files).size >= expected;
  }

  private launch(analysisNode: AnalysisNodeRecord): void {
    const controller = new AbortController();
    const node = this.nodeRecord;
    const locate = this.options.locateImage ?? defaultImageLocator(this.options.config);
    const done = runAnalysis(
      {
        hub: this.hub,
        node,
        config: this.options.config,
        driver: this.options.driver,
        locateImage: (record) => locate(record, node, this.hub),
        accessToken: () => this.session.accessToken(),
        say: this.say,
      },
      analysisNode,
      controller.signal,
    )
      .catch((error: unknown) =>
        this.say(`run of ${analysisNode.analysis_id} ended badly: ${(error as Error).message}`),
      )
      .finally(() => {
        this.runs.delete(analysisNode.id);
        void this.reconcile();
      });
    this.runs.set(analysisNode.id, { controller, done });
  }
}

/**
 * The image of an analysis for this node, as the hub's build pushes it:
 * `<registry host>/<node project>/<analysis id>:latest`, pulled with the node project's credentials.
 */
export function defaultImageLocator(config: AgentConfig) {
  return async (analysisNode: AnalysisNodeRecord, node: NodeRecord, hub: HubApi): Promise<ImageReference> => {
    const credentials = await hub.registryCredentials(node);
    const registry = (config.registryUrl ?? credentials.host).replace(/^https?:\/\//, '').replace(/\/+$/, '');
    const repository = `${credentials.projectName}/${analysisNode.analysis_id}`;
    const tag = analysisNode.artifact_tag ?? 'latest';
    return {
      reference: `${registry}/${repository}:${tag}`,
      registry,
      repository,
      tag,
      digest: recordedDigest(analysisNode)!,
      credentials:
        credentials.username && credentials.password
          ? { username: credentials.username, password: credentials.password }
          : null,
    };
  };
}
