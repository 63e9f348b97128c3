import { createRequire } from "node:module";
import type { Config } from "./config/load-config.ts";

export type LogFormat = "json" | "pretty";

export interface LogFormatChoice {
  format: LogFormat;
  /** Why pretty was asked for and JSON is used instead (logged once the logger exists). */
  fallback?: string;
}

/**
 * `LOG_FORMAT` decides when set; else pino-pretty on a terminal and JSON lines elsewhere (tests: JSON). pino-pretty is a
 * development dependency: asked for in the production image, the shop logs JSON rather than failing to start.
 */
export function chooseLogFormat({
  logFormat,
  nodeEnv,
  stdoutIsTTY,
  prettyAvailable,
}: {
  logFormat: LogFormat | undefined;
  nodeEnv: Config["NODE_ENV"];
  stdoutIsTTY: boolean;
  prettyAvailable: boolean;
}): LogFormatChoice {
  const wanted = logFormat ?? (stdoutIsTTY && nodeEnv !== "test" ? "pretty" : "json");
  if (wanted === "pretty" && !prettyAvailable) {
    return { format: "json", fallback: "pino-pretty is not installed (a production install): logging JSON" };
  }
  return { format: wanted };
}

export function resolvePinoPretty(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve("pino-pretty");
  } catch {
    return undefined;
  }
}

export function loggerOptions(config: Config, stdoutIsTTY = Boolean(process.stdout.isTTY)) {
  const pretty = resolvePinoPretty();
  const choice = chooseLogFormat({
    logFormat: config.LOG_FORMAT,
    nodeEnv: config.NODE_ENV,
    stdoutIsTTY,
    prettyAvailable: pretty !== undefined,
  });
  return {
    choice,
    options: {
      level: config.LOG_LEVEL,
      // Session cookies and bearer tokens never reach the logs.
      redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
      ...(choice.format === "pretty" && pretty ? { transport: { target: pretty } } : {}),
    },
  };
}
