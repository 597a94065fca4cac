import { NoContentSchema } from '@federa/schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#platform/db/database.ts';
import { notFound } from '#platform/http/errors.ts';
import { generateRobotSecret, hashSecret, verifySecret } from '../crypto/secrets.ts';
import { robots } from '../db/identity.ts';
import { findRealm, UUID_PATTERN } from '../realms/resolve-realm.ts';
import { MASTER_REALM_NAME } from '../seed/seed.ts';
import type { RobotVault } from './robot-vault.ts';

/**
 * `GET /robots/{id or name}/integrity[?realm_id]`: makes the vault entry `robots/<name>` of a robot
 * usable again. A missing entry, or one whose id or secret does not match the robot, gets a new
 * secret, stored hashed here and in plain in the vault. It answers 202 either way and says nothing
 * about the secret; without a vault it does nothing. Programs call it before reading the vault, so
 * it needs no token (the secret it makes is only readable in the vault).
 */
export function registerRobotIntegrityRoute(app: FastifyInstance, db: Database, vault: RobotVault): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/robots/:id/integrity',
    {
      schema: {
        tags: ['robots'],
        summary: "Restore a robot's entry in the secrets vault when it is missing or stale",
        params: z.object({ id: z.string().min(1).max(128) }),
        querystring: z.object({ realm_id: z.string().max(128).optional() }),
        response: { 202: NoContentSchema },
      },
      config: { authenticate: false, rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      if (!vault.enabled) return reply.code(202).send(undefined);
      const key = request.params.id;
      let where;
      if (UUID_PATTERN.test(key)) where = eq(robots.id, key);
      else {
        const realm = await findRealm(db, request.query.realm_id ?? MASTER_REALM_NAME);
        if (!realm) throw notFound('The robot was not found.');
        where = and(eq(robots.name, key), eq(robots.realm_id, realm.id));
      }
      const [robot] = await db
        .select({ id: robots.id, name: robots.name, secret: robots.secret })
        .from(robots)
        .where(where);
      if (!robot) throw notFound('The robot was not found.');

      const entry = await vault.find(robot.name);
      const intact = entry?.id === robot.id && (await verifySecret(entry.secret, robot.secret));
      if (!intact) {
        const secret = generateRobotSecret();
        await db
          .update(robots)
          .set({ secret: await hashSecret(secret) })
          .where(eq(robots.id, robot.id));
        await vault.save(robot, secret);
      }
      return reply.code(202).send(undefined);
    },
  );
}
