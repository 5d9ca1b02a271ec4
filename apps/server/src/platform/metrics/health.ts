import { statfs } from 'node:fs/promises';
import type { Jobs } from '../jobs/jobs';
import type { ReadBuffer } from './metrics';

/**
 * A due job waiting longer than this means the runner is stopped or cannot keep up: it polls every
 * 2 s and most jobs are mails, so a quarter of an hour late is already a reset link gone stale.
 */
export const JOB_WAIT_LIMIT_MS = 15 * 60_000;
/**
 * The read buffer is written every 1–4 s, so it holds seconds of scans; half its bound means the
 * writes have been failing for a while, and at the bound the oldest scans are dropped.
 */
export const READ_BUFFER_SHARE_LIMIT = 0.5;
/** Below this much free space in DATA_DIR, SQLite (its database and WAL, pictures included) may soon fail to write. */
export const DISK_FREE_MIN_BYTES = 512 * 1024 * 1024;
/** …or below this share of the disk, whichever is larger: a big disk fills up in larger steps. */
export const DISK_FREE_MIN_SHARE = 0.05;

export interface DeepHealthSources {
  jobs: Jobs;
  reads: ReadBuffer | undefined;
  /** SQLite's folder; undefined on PostgreSQL, whose disk is the database server's to watch. */
  dataDir: string | undefined;
}

export interface DeepHealth {
  jobs: { oldest_due_seconds: number };
  reads: { pending: number; bound: number };
  disk: { free_bytes: number; total_bytes: number } | null;
  /** Every check past its limit, in words; empty when healthy. */
  reasons: string[];
}

/**
 * The job queue's oldest due job, the read buffer and (on SQLite) the free disk in DATA_DIR, each
 * against its limit.
 */
export async function deepHealth({ jobs, reads, dataDir }: DeepHealthSources): Promise<DeepHealth> {
  const reasons: string[] = [];
  const waitMs = await jobs.oldestDueWaitMs();
  if (waitMs > JOB_WAIT_LIMIT_MS)
    reasons.push(
      `jobs: the oldest due job has waited ${Math.round(waitMs / 1000)} s (limit ${JOB_WAIT_LIMIT_MS / 1000} s)`,
    );
  const pending = reads?.pendingCount ?? 0;
  const bound = reads?.bound ?? 0;
  if (bound > 0 && pending > bound * READ_BUFFER_SHARE_LIMIT)
    reasons.push(
      `reads: ${pending} scans wait in the read buffer (limit ${bound * READ_BUFFER_SHARE_LIMIT})`,
    );
  const disk = dataDir === undefined ? null : await freeDisk(dataDir);
  if (disk) {
    const minFree = Math.max(DISK_FREE_MIN_BYTES, disk.total_bytes * DISK_FREE_MIN_SHARE);
    if (disk.free_bytes < minFree)
      reasons.push(`disk: ${mb(disk.free_bytes)} MB free in DATA_DIR (limit ${mb(minFree)} MB)`);
  }
  return {
    jobs: { oldest_due_seconds: Math.round(waitMs / 1000) },
    reads: { pending, bound },
    disk,
    reasons,
  };
}

async function freeDisk(dir: string): Promise<{ free_bytes: number; total_bytes: number }> {
  const stats = await statfs(dir);
  return { free_bytes: stats.bavail * stats.bsize, total_bytes: stats.blocks * stats.bsize };
}

const mb = (bytes: number) => Math.floor(bytes / (1024 * 1024));
