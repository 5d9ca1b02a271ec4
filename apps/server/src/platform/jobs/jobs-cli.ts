import { runOperatorCommand } from '../../db/operator-command';
import { listOpenJobs } from './job-store';

const USAGE =
  'Usage: npm run jobs [-- --limit N]  (lists pending, running and failed jobs; N 1–10000, default 200)';

function parseJobsArgs(argv: string[]): { limit: number } {
  if (argv.length === 0) return { limit: 200 };
  const [flag, value, ...rest] = argv;
  const limit = Number(value);
  if (flag !== '--limit' || rest.length > 0 || !Number.isInteger(limit) || limit < 1 || limit > 10_000) {
    throw new Error(`Unexpected arguments: ${argv.join(' ')}`);
  }
  return { limit };
}

/** The operator command `npm run jobs`: background work not done yet, and what failed for good. */
process.exitCode = await runOperatorCommand({
  parse: parseJobsArgs,
  usage: USAGE,
  run: async (db, { limit }) => {
    const rows = await listOpenJobs(db, limit);
    if (rows.length === 0) {
      console.log(`No pending or failed jobs (${db.dialect}).`);
      return 0;
    }
    console.log(
      `${rows.length} job(s) pending, running or failed (${db.dialect}), failed first, then by due time:`,
    );
    for (const job of rows) {
      const due = new Date(job.run_after).toISOString();
      console.log(
        `#${job.id} ${job.state} ${job.kind} key=${job.key} attempts=${job.attempts}/${job.max_attempts} run_after=${due}`,
      );
      if (job.last_error) console.log(`    last error: ${job.last_error.replace(/\s+/g, ' ').slice(0, 300)}`);
    }
    return 0;
  },
});
