import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  api: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** SIGKILL to its whole process group (the server and its ffmpeg children): the machine it ran on died. */
  kill(): Promise<void>;
  /** SIGTERM, as an orchestrator stops it; waits for the exit. */
  stop(): Promise<void>;
}

/**
 * The real server entry (`server/index.ts` under tsx) in a process of its own, in a process group of its own, on a free
 * port (PORT=0: the port is read from its "running on" line). `env` is the whole environment it gets.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/index.ts')], {
    cwd: ROOT,
    env: { ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`the server did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = () => {
      const match = /running on http:\/\/localhost:(\d+)/.exec(output);
      if (match) done(undefined, Number(match[1]));
    };
    const onExit = () => done(new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${output}`));
    function done(error?: Error, found?: number) {
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.off('exit', onExit);
      if (error) {
        if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
        reject(error);
      } else resolve(found!);
    }
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
  const origin = `http://127.0.0.1:${port}`;
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    origin,
    api: `${origin}/api/v1`,
    output: () => output,
    async kill() {
      if (alive()) process.kill(-child.pid!, 'SIGKILL');
      await exited;
    },
    async stop() {
      if (alive()) child.kill('SIGTERM');
      await exited;
      // Whatever it left running (a tool it did not stop) goes with it.
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* the group is gone */
      }
    },
  };
}

/** The command lines of the live processes in a process group (Linux /proc). */
export function processGroupCommands(groupId: number): string[] {
  const commands: string[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, so read after its last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[0] is the state: a zombie (Z) has ended and only waits to be reaped.
      if (Number(fields[2]) !== groupId || fields[0] === 'Z') continue;
      commands.push(fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim());
    } catch {
      /* the process ended meanwhile */
    }
  }
  return commands;
}
