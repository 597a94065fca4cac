import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'ldapts';

/*
 * A throw-away OpenLDAP server for tests: Debian's slapd with an mdb database in a temporary
 * directory, loaded from an LDIF with slapadd, listening on a free loopback port.
 */

export const SLAPD_SUFFIX = 'dc=example,dc=org';
export const SLAPD_ROOT_DN = `cn=admin,${SLAPD_SUFFIX}`;
export const SLAPD_ROOT_PASSWORD = 'root-secret';

/** The slapd binary, or undefined when it is not installed (it lives in /usr/sbin, often not on PATH). */
export function findSlapd(): { slapd: string; slapadd: string } | undefined {
  for (const directory of [
    '/usr/sbin',
    '/usr/local/sbin',
    ...(process.env.PATH ?? '').split(path.delimiter),
  ]) {
    const slapd = path.join(directory, 'slapd');
    const slapadd = path.join(directory, 'slapadd');
    if (existsSync(slapd) && existsSync(slapadd)) return { slapd, slapadd };
  }
  return undefined;
}

/**
 * Whether LDAP tests can run. Without slapd they are skipped with one loud line, unless
 * REQUIRE_ALL=1, where a missing slapd is a failure.
 */
export function slapdAvailable(): boolean {
  if (findSlapd()) return true;
  const message =
    'LDAP TESTS SKIPPED: slapd not found; install it with "apt-get install -y slapd ldap-utils".';
  if (process.env.REQUIRE_ALL === '1') throw new Error(message);
  console.warn(message);
  return false;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function config(directory: string): string {
  return [
    'include /etc/ldap/schema/core.schema',
    'include /etc/ldap/schema/cosine.schema',
    'include /etc/ldap/schema/inetorgperson.schema',
    'include /etc/ldap/schema/nis.schema',
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    `pidfile ${path.join(directory, 'slapd.pid')}`,
    'database mdb',
    'maxsize 16777216',
    `suffix "${SLAPD_SUFFIX}"`,
    `rootdn "${SLAPD_ROOT_DN}"`,
    `rootpw ${SLAPD_ROOT_PASSWORD}`,
    `directory ${path.join(directory, 'data')}`,
    '',
  ].join('\n');
}

async function waitUntilServing(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`slapd exited with code ${child.exitCode}`);
    const client = new Client({ url, connectTimeout: 1000 });
    try {
      await client.bind(SLAPD_ROOT_DN, SLAPD_ROOT_PASSWORD);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }
}

export interface SlapdServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts slapd with the entries of `ldif` (the suffix entry included). */
export async function startSlapd(ldif: string): Promise<SlapdServer> {
  const binaries = findSlapd();
  if (!binaries) throw new Error('slapd is not installed');
  const directory = await mkdtemp(path.join(os.tmpdir(), 'federa-slapd-'));
  await mkdir(path.join(directory, 'data'));
  const configFile = path.join(directory, 'slapd.conf');
  await writeFile(configFile, config(directory));
  await writeFile(path.join(directory, 'data.ldif'), ldif);
  const added = spawnSync(binaries.slapadd, ['-f', configFile, '-l', path.join(directory, 'data.ldif')], {
    encoding: 'utf8',
  });
  if (added.status !== 0) throw new Error(`slapadd failed: ${added.stderr}`);

  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  // `-d 0` keeps slapd in the foreground, so it stops with this process's child handle.
  const child = spawn(binaries.slapd, ['-f', configFile, '-h', `${url}/`, '-d', '0'], { stdio: 'ignore' });
  try {
    await waitUntilServing(url, child);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
