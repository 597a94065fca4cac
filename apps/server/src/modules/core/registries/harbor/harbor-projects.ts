import { HarborClient, HarborError } from './harbor-client.ts';

export interface HarborProjectState {
  external_name: string;
  public: boolean;
  account_id: string | null;
  account_name: string | null;
  account_secret: string | null;
}

export interface HarborLink {
  external_id: string;
  account_id: string;
  account_name: string;
  account_secret: string | null;
  webhook_name?: string;
  webhook_exists?: boolean;
}

/** Where and how Harbor's PUSH_ARTIFACT webhook reaches the hub. */
export interface HarborWebhookTarget {
  url: string;
  authorization(): Promise<string>;
}

type HarborRegistry = ConstructorParameters<typeof HarborClient>[0];

/**
 * PROJECT_LINK against Harbor (the original's steps): the project is created or updated, then its
 * pull robot is created, or given the stored secret again, or (when Harbor has one already that the
 * hub does not know) found and given a new secret. Every refusal is an error, never swallowed.
 */
export async function linkHarborProject(
  registry: HarborRegistry,
  project: HarborProjectState,
  webhook: HarborWebhookTarget,
): Promise<HarborLink> {
  const robot = await linkProjectAndRobot(registry, project);
  const harbor = new HarborClient(registry);
  const policyId = await harbor.ensureWebhook(
    project.external_name,
    webhook.url,
    await webhook.authorization(),
  );
  return { ...robot, webhook_name: String(policyId), webhook_exists: true };
}

async function linkProjectAndRobot(
  registry: HarborRegistry,
  project: HarborProjectState,
): Promise<HarborLink> {
  const harbor = new HarborClient(registry);
  const projectId = await harbor.ensureProject(project.external_name, project.public);
  const external_id = String(projectId);

  if (project.account_id && project.account_name && project.account_secret) {
    const secret = await harbor.refreshRobotSecret(Number(project.account_id), project.account_secret);
    if (secret !== undefined) {
      return {
        external_id,
        account_id: project.account_id,
        account_name: project.account_name,
        account_secret: secret,
      };
    }
    // The robot is gone in Harbor: make a new one.
  }
  try {
    const robot = await harbor.createRobot(project.external_name);
    return {
      external_id,
      account_id: String(robot.id),
      account_name: robot.name,
      account_secret: robot.secret ?? null,
    };
  } catch (error) {
    if (!(error instanceof HarborError) || error.status !== 409) throw error;
  }
  const existing = await harbor.findRobot(project.external_name);
  if (!existing)
    throw new HarborError(`Harbor reports a robot for ${project.external_name} but lists none.`, 409);
  const secret = await harbor.refreshRobotSecret(existing.id, project.account_secret ?? undefined);
  return {
    external_id,
    account_id: String(existing.id),
    account_name: existing.name,
    account_secret: secret ?? null,
  };
}

/** PROJECT_UNLINK: the project's repositories and the project go; the robot goes too. */
export async function unlinkHarborProject(
  registry: HarborRegistry,
  project: { external_name: string; account_id: string | null },
  onRobotError: (error: unknown) => void,
): Promise<void> {
  const harbor = new HarborClient(registry);
  await harbor.deleteProject(project.external_name);
  if (project.account_id) {
    // As the original: a robot that cannot be removed does not keep the project linked.
    await harbor.deleteRobot(Number(project.account_id)).catch(onRobotError);
  }
}

/**
 * CLEANUP: Harbor projects no registry project of the hub names (and not `master`) are removed with
 * their repositories. Answers the names removed.
 */
export async function cleanupHarborProjects(registry: HarborRegistry, known: Set<string>): Promise<string[]> {
  const harbor = new HarborClient(registry);
  const removed: string[] = [];
  for (const project of await harbor.listProjects()) {
    if (project.name === 'master' || known.has(project.name)) continue;
    await harbor.deleteProject(project.name);
    removed.push(project.name);
  }
  return removed;
}
