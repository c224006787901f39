import { configFromEnv } from './config.ts';
import { startWebhookHost } from './server.ts';

// The command line: read the environment, start, print one "listening" line
// (tests and the benchmark wait for it), and close the database cleanly on a signal.
try {
  const config = configFromEnv();
  const host = await startWebhookHost(config);
  console.log(`webhook host listening on ${host.url} (database ${config.databasePath})`);
  if (config.failures.size > 0) console.log(`failure injection: ${[...config.failures.keys()].join(', ')}`);
  const stop = () => void host.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(`webhook host did not start: ${(error as Error).message}`);
  process.exit(1);
}
