#!/usr/bin/env node
// A one-node Slurm on this machine, for test/slurm.test.ts and for trying docs/deploy/slurm/ by hand
// (Debian 12's slurm-wlm 22.05 + munge, run as root without systemd; proctrack/linuxproc).
//   node scripts/slurm-local.mjs install   install slurm-wlm + munge with apt-get when missing (root only)
//   node scripts/slurm-local.mjs start DIR  configure in DIR (slurm.conf, state, logs), start munged/slurmctld/slurmd
//   node scripts/slurm-local.mjs stop DIR   stop the daemons this script started (by the pids it recorded in DIR)
// Commands then need SLURM_CONF=DIR/slurm.conf. Only Node built-ins: runs before node_modules exists.
import { existsSync, mkdirSync, writeFileSync, readFileSync, chmodSync, chownSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, hostname, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const sh = (cmd, args, opts = {}) => spawnSync(cmd, args, { encoding: 'utf8', ...opts });
const have = (bin) => sh('sh', ['-c', `command -v ${bin}`]).status === 0;
const BINS = ['sbatch', 'sinfo', 'slurmctld', 'slurmd', 'munged', 'munge'];

/**
 * Make sure slurm-wlm and munge are installed. Returns `{ ok: true }` or `{ ok: false, reason }` (never throws):
 * installs with apt-get (as root) when a binary is missing.
 */
export function ensureSlurm(log = (m) => process.stderr.write(`[slurm-local] ${m}\n`)) {
  if (BINS.every(have)) return { ok: true };
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!have('apt-get')) return { ok: false, reason: 'slurm-wlm/munge are not installed and apt-get is not available' };
  if (!isRoot) return { ok: false, reason: 'slurm-wlm/munge are not installed and installing them needs root (apt-get install slurm-wlm munge)' };
  log('installing Debian packages slurm-wlm and munge with apt-get (once) ...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const args = ['install', '-y', '--no-install-recommends', 'slurm-wlm', 'munge'];
  let r = sh('apt-get', args, { env });
  if (r.status !== 0) {
    sh('apt-get', ['update'], { env });
    r = sh('apt-get', args, { env });
  }
  if (r.status !== 0 || !BINS.every(have)) return { ok: false, reason: `apt-get install slurm-wlm munge failed: ${(r.stderr || '').trim().split('\n').pop()}` };
  return { ok: true };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** munged answering? */
const mungeOk = () => sh('sh', ['-c', 'munge -n | unmunge']).status === 0;

/**
 * Configure and start a one-node Slurm whose files live in `dir`. Returns the environment to run Slurm
 * commands with (`SLURM_CONF`). Waits (polling) until the node is idle; throws with the log tail if a daemon
 * does not come up within `patienceMs`.
 */
export async function startSlurm(dir, patienceMs = 120_000) {
  dir = resolve(dir);
  for (const d of ['state', 'spool', 'log']) mkdirSync(join(dir, d), { recursive: true });
  const started = [];
  if (!mungeOk()) {
    if (!existsSync('/etc/munge/munge.key')) {
      mkdirSync('/etc/munge', { recursive: true });
      writeFileSync('/etc/munge/munge.key', randomBytes(1024));
    }
    const id = (flag) => Number(sh('id', [flag, 'munge']).stdout.trim());
    chownSync('/etc/munge/munge.key', id('-u'), id('-g'));
    chmodSync('/etc/munge/munge.key', 0o400);
    mkdirSync('/run/munge', { recursive: true });
    chownSync('/run/munge', id('-u'), id('-g'));
    const r = sh('su', ['-s', '/bin/sh', 'munge', '-c', '/usr/sbin/munged']);
    if (r.status !== 0) throw new Error(`munged did not start: ${r.stderr.trim()}`);
    started.push('munged');
  }
  const host = hostname().split('.')[0];
  const mem = Math.floor((totalmem() / 2 ** 20) * 0.8);
  const conf = [
    'ClusterName=uisynth-local',
    `SlurmctldHost=${host}`,
    'SlurmUser=root',
    'SlurmdUser=root',
    `StateSaveLocation=${join(dir, 'state')}`,
    `SlurmdSpoolDir=${join(dir, 'spool')}`,
    `SlurmctldPidFile=${join(dir, 'slurmctld.pid')}`,
    `SlurmdPidFile=${join(dir, 'slurmd.pid')}`,
    `SlurmctldLogFile=${join(dir, 'log', 'slurmctld.log')}`,
    `SlurmdLogFile=${join(dir, 'log', 'slurmd.log')}`,
    'ProctrackType=proctrack/linuxproc',
    'TaskPlugin=task/none',
    'SchedulerType=sched/builtin',
    'SelectType=select/cons_tres',
    'SelectTypeParameters=CR_Core',
    'ReturnToService=2',
    'MpiDefault=none',
    'JobAcctGatherType=jobacct_gather/none',
    `NodeName=${host} CPUs=${cpus().length} RealMemory=${mem} State=UNKNOWN`,
    `PartitionName=debug Nodes=${host} Default=YES MaxTime=INFINITE State=UP`,
    '',
  ].join('\n');
  const confPath = join(dir, 'slurm.conf');
  writeFileSync(confPath, conf);
  const env = { ...process.env, SLURM_CONF: confPath };
  for (const d of ['slurmctld', 'slurmd']) {
    const r = sh(`/usr/sbin/${d}`, d === 'slurmctld' ? ['-c'] : [], { env });
    if (r.status !== 0) throw new Error(`${d} did not start: ${r.stderr.trim()}`);
    started.push(d);
  }
  writeFileSync(join(dir, 'started.json'), JSON.stringify(started));
  for (const t0 = Date.now(); Date.now() - t0 < patienceMs; await sleep(250)) {
    const st = sh('sinfo', ['-h', '-o', '%T'], { env }).stdout.trim();
    if (/^(idle|mixed|allocated)/.test(st)) return env;
  }
  const tail = (f) => (existsSync(f) ? readFileSync(f, 'utf8').trim().split('\n').slice(-5).join(' | ') : '(no log)');
  throw new Error(`the Slurm node did not become idle: slurmctld: ${tail(join(dir, 'log', 'slurmctld.log'))}; slurmd: ${tail(join(dir, 'log', 'slurmd.log'))}`);
}

/** Stop the daemons `startSlurm(dir)` started, by the pids they recorded. */
export function stopSlurm(dir) {
  dir = resolve(dir);
  const started = existsSync(join(dir, 'started.json')) ? JSON.parse(readFileSync(join(dir, 'started.json'), 'utf8')) : [];
  const pidFiles = { slurmd: join(dir, 'slurmd.pid'), slurmctld: join(dir, 'slurmctld.pid'), munged: '/run/munge/munged.pid' };
  for (const d of ['slurmd', 'slurmctld', 'munged']) {
    if (!started.includes(d) || !existsSync(pidFiles[d])) continue;
    const pid = Number(readFileSync(pidFiles[d], 'utf8').trim());
    try {
      if (pid > 1) process.kill(pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  rmSync(join(dir, 'started.json'), { force: true });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [cmd, dir] = process.argv.slice(2);
  if (cmd === 'install') {
    const r = ensureSlurm();
    if (!r.ok) process.stderr.write(`[slurm-local] ${r.reason}\n`);
    process.exit(r.ok ? 0 : 3);
  } else if (cmd === 'start' && dir) {
    const r = ensureSlurm();
    if (!r.ok) {
      process.stderr.write(`[slurm-local] ${r.reason}\n`);
      process.exit(3);
    }
    await startSlurm(dir);
    process.stdout.write(`export SLURM_CONF=${join(resolve(dir), 'slurm.conf')}\n`);
  } else if (cmd === 'stop' && dir) stopSlurm(dir);
  else {
    process.stderr.write('usage: node scripts/slurm-local.mjs install | start DIR | stop DIR\n');
    process.exit(2);
  }
}
