import { realtimeErrors } from './errors.ts';
import { roomName } from './rooms.ts';

/**
 * Types whose records belong to one node (`node_id`): a node's robot follows those of its own node
 * only, as it reads them (docs/node-agent.md). Its subscription to one of them joins the room of
 * its node's records of that type, never the room of the whole type.
 */
const NODE_SCOPED_TYPES: ReadonlySet<string> = new Set([
  'analysisNode',
  'analysisNodeIn',
  'analysisNodeOut',
  'analysisNodeEvent',
  'analysisNodeLog',
  'projectNode',
  'projectNodeIn',
  'projectNodeOut',
]);

/** The room of one node's records of a type (`analysisNodeIn/node:{id}`). */
export function nodeRecordsRoom(type: string, nodeId: string): string {
  return roomName(type, `node:${nodeId}`);
}

/** Whether events of this type also go to the rooms of their node's records. */
export function isNodeScoped(type: string): boolean {
  return NODE_SCOPED_TYPES.has(type);
}

/**
 * The room a node's robot joins for a subscription to `type`, whatever target it names: its node's
 * records, or its node itself. Anything else is not a node's business (and it cannot read it either).
 */
export function nodeRobotRoom(type: string, nodeId: string): string {
  if (type === 'node') return roomName('node', nodeId);
  if (NODE_SCOPED_TYPES.has(type)) return nodeRecordsRoom(type, nodeId);
  throw realtimeErrors.nodeRobotOnly(type);
}
