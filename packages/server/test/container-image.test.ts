/**
 * The container image, built and started without a container engine: the Dockerfile's own steps
 * run as commands in a scratch folder (each stage a folder standing for its file system, WORKDIR
 * and the volume mapped into it, COPY as a copy of the build context or of another stage, RUN as a
 * shell command, ENV into the environment), then the CMD starts as the image's USER (uid 1000: the
 * data volume must be its) and the HEALTHCHECK command must pass. SIGTERM stops the server. The
 * fleet file (compose.yaml) is checked for what docs/server.md promises: three nodes of this image,
 * PostgreSQL, Redis with its append-only file, the same secrets on every node, a volume each.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { parse } from 'yaml';
import { copyRepository, repositoryRoot } from './support/scratch-copy.ts';

interface Step {
  readonly instruction: string;
  readonly text: string;
}

/** The Dockerfile's instructions, continuation lines joined, comments left out. */
function steps(dockerfile: string): Step[] {
  return dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'))
    .map((line) => {
      const [instruction = '', ...rest] = line.split(/\s+/);
      return { instruction: instruction.toUpperCase(), text: rest.join(' ') };
    });
}

/** `KEY=value KEY2=value` (values without spaces, as the Dockerfile writes them). */
function assignments(text: string): Record<string, string> {
  return Object.fromEntries(
    text.split(/\s+/).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

interface Stage {
  readonly root: string;
  workdir: string;
  env: Record<string, string>;
  user?: { uid: number; gid: number };
  cmd?: string[];
  healthcheck?: string[];
  volumes: string[];
}

/** A free TCP port. */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('the container image, its steps run as commands', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'matchd-image-'));
  // The stages' files must be readable by the image's user.
  spawnSync('chmod', ['755', scratch]);
  const context = join(scratch, 'context');
  const stages = new Map<string, Stage>();
  let last: Stage | undefined;
  let server: ChildProcess | undefined;
  after(async () => {
    if (server !== undefined && server.exitCode === null) {
      server.kill('SIGKILL');
      await new Promise((resolve) => server?.once('exit', resolve));
    }
    rmSync(scratch, { recursive: true, force: true });
  });

  /** An image path inside a stage's folder. */
  const inStage = (stage: Stage, path: string): string =>
    path.startsWith('/') ? join(stage.root, path) : join(stage.root, stage.workdir, path);
  /** A command's absolute image paths (the workdir, the volumes) inside the stage's folder. */
  const mapped = (stage: Stage, text: string): string =>
    text.replace(
      /(^|[\s=:'"(])(\/(?:app|data)\b)/g,
      (_, before: string, path: string) => `${before}${join(stage.root, path)}`,
    );

  test('the build and image stages build with their own RUN and COPY steps', () => {
    copyRepository(context);
    for (const { instruction, text } of steps(readFileSync(join(repositoryRoot, 'Dockerfile'), 'utf8'))) {
      if (instruction === 'FROM') {
        const name = /\bAS\s+(\S+)/i.exec(text)?.[1] ?? `stage-${stages.size}`;
        last = { root: join(scratch, name), workdir: '/', env: {}, volumes: [] };
        mkdirSync(last.root, { recursive: true });
        stages.set(name, last);
        continue;
      }
      const stage = last as Stage;
      switch (instruction) {
        case 'WORKDIR':
          stage.workdir = text;
          mkdirSync(inStage(stage, text), { recursive: true });
          break;
        case 'ENV':
          stage.env = { ...stage.env, ...assignments(mapped(stage, text)) };
          break;
        case 'COPY': {
          const from = /^--from=(\S+)\s+/.exec(text);
          const [source = '', destination = ''] = text.replace(/^--from=\S+\s+/, '').split(/\s+/);
          const origin =
            from === null ? join(context, source) : inStage(stages.get(from[1] as string) as Stage, source);
          cpSync(origin, inStage(stage, destination), { recursive: true });
          break;
        }
        case 'RUN': {
          const run = spawnSync('sh', ['-c', mapped(stage, text)], {
            cwd: inStage(stage, stage.workdir),
            encoding: 'utf8',
            env: { ...process.env, ...stage.env, npm_config_prefer_offline: 'true' },
            timeout: 600_000,
          });
          assert.equal(run.status, 0, `RUN ${text}\n${run.stdout.slice(-2000)}\n${run.stderr.slice(-2000)}`);
          break;
        }
        case 'VOLUME':
          stage.volumes.push(text);
          break;
        case 'USER': {
          const [uid = '', gid = uid] = text.split(':');
          assert.match(uid, /^\d+$/, 'USER is numeric (the image has no user names to look up)');
          assert.notEqual(Number(uid), 0, 'not root');
          stage.user = { uid: Number(uid), gid: Number(gid) };
          break;
        }
        case 'HEALTHCHECK':
          stage.healthcheck = JSON.parse(text.slice(text.indexOf('CMD') + 3).trim()) as string[];
          break;
        case 'CMD':
          stage.cmd = JSON.parse(text) as string[];
          break;
        case 'EXPOSE':
          break;
        default:
          assert.fail(`an instruction the test cannot run: ${instruction}`);
      }
    }
    assert.ok(stages.size >= 2, 'multi-stage');
    const image = last as Stage;
    assert.deepEqual(image.volumes, ['/data']);
    assert.equal(image.env['MATCHD_DATA_DIR'], join(image.root, 'data'));
    assert.ok(image.user !== undefined && image.cmd !== undefined && image.healthcheck !== undefined);
    assert.equal(statSync(join(image.root, 'data')).uid, image.user.uid, 'the volume belongs to the user');
    const modules = join(image.root, 'app', 'node_modules');
    for (const dev of ['typescript', 'tsx', '@biomejs', 'playwright-core']) {
      assert.throws(() => statSync(join(modules, dev)), `${dev} (a dev dependency) is not in the image`);
    }
  });

  test('the CMD starts as the image user, the HEALTHCHECK passes, SIGTERM stops it', async () => {
    const image = last as Stage;
    assert.ok(image.cmd !== undefined && image.healthcheck !== undefined && image.user !== undefined);
    const port = await freePort();
    // As `docker run -e MATCHD_PORT=...`: the port is the test's, everything else the image's.
    const env = { PATH: process.env['PATH'] ?? '', ...image.env, MATCHD_PORT: String(port) };
    const command = (argv: readonly string[]) => [
      argv[0] === 'node' ? process.execPath : (argv[0] as string),
      ...argv.slice(1),
    ];
    const [program, ...args] = command(image.cmd.map((arg) => mapped(image, arg)));
    server = spawn(program as string, args, {
      cwd: inStage(image, image.workdir),
      env,
      uid: image.user.uid,
      gid: image.user.gid,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    server.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    const [checker, ...checkArgs] = command(image.healthcheck);
    let healthy = false;
    for (let attempt = 0; attempt < 240 && !healthy && server.exitCode === null; attempt += 1) {
      const check = spawnSync(checker as string, checkArgs, {
        env,
        uid: image.user.uid,
        gid: image.user.gid,
        timeout: 3000,
      });
      healthy = check.status === 0;
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    assert.ok(healthy, `the health check passes\n${output}`);
    // MATCHD_HOST=0.0.0.0: reachable on the machine's other addresses, as a container's port must be.
    const external = Object.values(networkInterfaces())
      .flat()
      .find((address) => address?.family === 'IPv4' && !address.internal)?.address;
    if (external !== undefined) {
      assert.equal(
        (await fetch(`http://${external}:${port}/healthz`)).status,
        200,
        `reachable on ${external}`,
      );
    }
    const dashboard = await fetch(`http://127.0.0.1:${port}/`);
    assert.match(
      await dashboard.text(),
      /<script type="module" src="\/assets\/main-/,
      'serves the built dashboard',
    );
    assert.equal(statSync(join(image.root, 'data', 'admin-key')).uid, image.user.uid, 'writes its volume');
    const exited = new Promise<number | null>((resolve) => server?.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    assert.equal(await exited, 0, output.slice(-2000));
  });

  test('compose.yaml: three nodes of the image, PostgreSQL, Redis with AOF, shared secrets, a volume each', () => {
    const compose = parse(readFileSync(join(repositoryRoot, 'compose.yaml'), 'utf8'), { merge: true }) as {
      services: Record<
        string,
        {
          build?: string;
          image?: string;
          command?: string[];
          environment?: Record<string, string>;
          volumes?: string[];
          healthcheck?: unknown;
          depends_on?: Record<string, { condition: string }>;
        }
      >;
    };
    const nodes = Object.entries(compose.services).filter(([, service]) => service.build === '.');
    assert.equal(nodes.length, 3);
    const volumes = new Set<string>();
    for (const [name, node] of nodes) {
      const env = node.environment ?? {};
      assert.match(env['DATABASE_URL'] ?? '', /^postgres:\/\/.*@postgres:5432\//, name);
      assert.equal(env['REDIS_URL'], 'redis://redis:6379', name);
      assert.equal(env['MATCHD_API_KEYS'], nodes[0]?.[1].environment?.['MATCHD_API_KEYS']);
      assert.equal(env['MATCHD_TOKEN_SECRET'], nodes[0]?.[1].environment?.['MATCHD_TOKEN_SECRET']);
      assert.deepEqual(node.depends_on?.['postgres'], { condition: 'service_healthy' });
      assert.deepEqual(node.depends_on?.['redis'], { condition: 'service_healthy' });
      const data = (node.volumes ?? []).find((volume) => volume.endsWith(':/data'));
      assert.ok(data, `${name} keeps /data on a volume`);
      volumes.add(data);
    }
    assert.equal(volumes.size, 3, 'a data volume each');
    const redis = compose.services['redis'];
    assert.ok(redis?.command?.join(' ').includes('--appendonly yes'), 'Redis keeps an append-only file');
    assert.ok(redis?.healthcheck && compose.services['postgres']?.healthcheck);
    assert.match(compose.services['postgres']?.image ?? '', /^postgres:/);
  });
});
