import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';

const require = createRequire(import.meta.url);

function installedBinary(pkg: string): string | undefined {
  try {
    return (require(pkg) as { path?: string }).path;
  } catch {
    return undefined;
  }
}

/** ffmpeg: FFMPEG_PATH, else the binary of @ffmpeg-installer/ffmpeg, else `ffmpeg` on PATH. */
export function ffmpegPath(): string {
  return process.env.FFMPEG_PATH || installedBinary('@ffmpeg-installer/ffmpeg') || 'ffmpeg';
}

/** ffprobe: FFPROBE_PATH, else the binary of @ffprobe-installer/ffprobe, else `ffprobe` on PATH. */
export function ffprobePath(): string {
  return process.env.FFPROBE_PATH || installedBinary('@ffprobe-installer/ffprobe') || 'ffprobe';
}

export class ToolError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
  }
}

export interface RunOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Scheduling priority of the child (0-19); media work yields the CPU to the API. */
  niceness?: number;
  /** Cap on the stdout kept in memory. */
  maxStdout?: number;
}

const STDERR_TAIL = 4000;

/**
 * Runs a binary with an argument array (never through a shell) and answers its stdout.
 * Rejects with ToolError (carrying the tail of stderr) on a non-zero exit, a timeout or an abort.
 */
export function runTool(bin: string, args: string[], options: RunOptions = {}): Promise<string> {
  const { signal, timeoutMs = 0, niceness = 15, maxStdout = 1024 * 1024 } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ToolError('aborted', ''));
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    let stdout = '';
    let stderr = '';
    let failure: string | null = null;
    if (child.pid) {
      try {
        os.setPriority(child.pid, niceness);
      } catch {
        // Not permitted on some systems: the child keeps the default priority.
      }
    }
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < maxStdout) stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    const stop = (reason: string) => {
      failure ??= reason;
      child.kill('SIGKILL');
    };
    const onAbort = () => stop('aborted');
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = timeoutMs > 0 ? setTimeout(() => stop(`timed out after ${Math.round(timeoutMs / 1000)} s`), timeoutMs) : null;
    child.on('error', (error) => {
      failure ??= `could not start ${bin}: ${error.message}`;
    });
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (failure) return reject(new ToolError(failure, stderr));
      if (code !== 0) return reject(new ToolError(`exited with code ${code}`, stderr));
      resolve(stdout);
    });
  });
}

/** The last meaningful line of a tool's stderr, for a failure reason a person can read. */
export function lastLine(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.at(-1) ?? '';
}
