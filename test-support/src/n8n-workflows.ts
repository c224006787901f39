// The one bridge from the n8n harness (n8n-process.ts, n8n-import.ts) to the workflows package,
// integrations/n8n: what it needs of that package, gathered there in src/harness-facts.ts. This
// package cannot depend on @franchise-ai/n8n-workflows, whose tests depend on this one, so it
// re-exports that module by its path. Nothing else here reaches into integrations/n8n.
export {
  EXECUTION_DATA_ENV,
  executionDataEnv,
  parseEnvFile,
  QUEUE_MODE_ENV,
  READINESS_PROBE,
  smtpCredentials,
  WORKFLOWS,
} from '../../integrations/n8n/src/harness-facts.ts';
