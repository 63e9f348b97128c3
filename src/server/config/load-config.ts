// Configuration as the server uses it: the schema's settings (schema.ts) and what is resolved from them (resolvers.ts).

import {
  ConfigError,
  type DataPaths,
  dataPaths,
  type ImageStorage,
  type PaymentSettings,
  paymentsAreTests,
  resolveImageStorage,
  resolvePayments,
  resolveSessionSecret,
} from "./resolvers.ts";
import { configSchema, type Settings } from "./schema.ts";

export { ConfigError };

export type Config = Settings & {
  SESSION_SECRET: string;
  paths: DataPaths;
  payments: PaymentSettings;
  imageStorage: ImageStorage;
  /** Every page says test mode: a production shop whose payments are tests because ALLOW_TEST_PAYMENTS let them in. */
  testModeNotice: boolean;
};

/** `env` defaults to `process.env` (tests pass their own); throws ConfigError naming every bad key. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${String(issue.path[0] ?? "(root)")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const config = parsed.data;
  const sessionSecret = resolveSessionSecret(config);
  const paths = dataPaths(config.DATA_DIR);
  const payments = resolvePayments(config, sessionSecret);
  return {
    ...config,
    SESSION_SECRET: sessionSecret,
    paths,
    payments,
    imageStorage: resolveImageStorage(config, paths),
    testModeNotice: config.NODE_ENV === "production" && config.ALLOW_TEST_PAYMENTS && paymentsAreTests(payments),
  };
}
