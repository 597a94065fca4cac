import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '#platform/db/index.ts';
import {
  generateName,
  generateRobotSecret,
  hashSecret,
  permissions,
  robotPermissions,
  robots,
} from '#modules/auth/index.ts';
import { nodes } from '../db/index.ts';
import { NODE_ROBOT_PERMISSIONS } from '../shared/permissions.ts';

export interface RobotCredentials {
  secret: string;
  hash: string;
}

/** A fresh robot secret and its hash; hashing is slow, so it happens before the write transaction. */
export async function newRobotCredentials(): Promise<RobotCredentials> {
  const secret = generateRobotSecret();
  return { secret, hash: await hashSecret(secret) };
}

/**
 * The identity a node signs in with (as in the original hub): a robot in the node's realm holding exactly
 * the permissions a node needs to approve projects and analyses for itself. Runs inside the node's
 * write transaction, so a node never exists without its robot.
 */
export async function createNodeRobot(
  db: Executor,
  node: { id: string; name: string; realm_id: string },
  credentials: RobotCredentials,
): Promise<string> {
  const [robot] = await db
    .insert(robots)
    .values({
      name: generateName(),
      display_name: `node ${node.name}`.slice(0, 256),
      description: `The robot of the node ${node.id}.`,
      secret: credentials.hash,
      realm_id: node.realm_id,
    })
    .returning({ id: robots.id });
  await grantNodeRobotPermissions(db, { id: robot!.id, realm_id: node.realm_id });
  return robot!.id;
}

export async function deleteNodeRobot(db: Executor, robotId: string | null | undefined): Promise<void> {
  if (robotId) await db.delete(robots).where(eq(robots.id, robotId));
}

/** The node whose robot this is, if it is a node's robot. */
export async function nodeOfRobot(db: Executor, robotId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: nodes.id }).from(nodes).where(eq(nodes.robot_id, robotId)).limit(1);
  return row?.id;
}

/** Whether the robot still exists (an administrator may have deleted it; the node then keeps none). */
export async function nodeRobotExists(db: Executor, robotId: string | null | undefined): Promise<boolean> {
  if (!robotId) return false;
  const [row] = await db.select({ id: robots.id }).from(robots).where(eq(robots.id, robotId)).limit(1);
  return !!row;
}

/**
 * Gives the robot whichever of the node permissions it lacks (the original hub syncs them on node
 * create and update). Permissions an administrator added on top stay: taking them away on any edit
 * of the node would undo a deliberate grant. A permission that does not exist is skipped, as the
 * original only warns about it.
 */
export async function grantNodeRobotPermissions(
  db: Executor,
  robot: { id: string; realm_id: string },
): Promise<void> {
  const granted = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(
      and(
        inArray(permissions.name, [...NODE_ROBOT_PERMISSIONS]),
        isNull(permissions.realm_id),
        isNull(permissions.client_id),
      ),
    );
  if (granted.length === 0) return;
  await db
    .insert(robotPermissions)
    .values(
      granted.map((permission) => ({
        robot_id: robot.id,
        robot_realm_id: robot.realm_id,
        permission_id: permission.id,
        permission_realm_id: null,
      })),
    )
    .onConflictDoNothing();
}
