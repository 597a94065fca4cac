import type { VaultKv } from './vault-kv.ts';

/** Where a robot's credentials live in the vault: `robots/<name>`, the name in lower case as in the original. */
export const robotVaultPath = (name: string) => `robots/${encodeURIComponent(name.toLowerCase())}`;

/**
 * Robot credentials kept in a secrets vault, so that the programs a robot runs can read its secret
 * there instead of having it copied into their configuration. Without a vault every call does nothing.
 */
export class RobotVault {
  constructor(private readonly kv: VaultKv | undefined) {}

  get enabled(): boolean {
    return this.kv !== undefined;
  }

  async save(robot: { id: string; name: string }, secret: string): Promise<void> {
    await this.kv?.write(robotVaultPath(robot.name), { id: robot.id, secret });
  }

  async remove(name: string): Promise<void> {
    await this.kv?.remove(robotVaultPath(name));
  }

  /** The stored entry, when it has the expected shape. */
  async find(name: string): Promise<{ id: string; secret: string } | undefined> {
    const entry = await this.kv?.read(robotVaultPath(name));
    if (!entry || typeof entry.id !== 'string' || typeof entry.secret !== 'string') return undefined;
    return { id: entry.id, secret: entry.secret };
  }
}
