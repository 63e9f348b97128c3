import { describe, expect, it } from "vitest";
import { chooseLogFormat } from "./logging.ts";

const base = { logFormat: undefined, nodeEnv: "production", stdoutIsTTY: false, prettyAvailable: true } as const;

describe("the log format", () => {
  it("is JSON in production when stdout is not a terminal (a container, a pipe, a log shipper)", () => {
    expect(chooseLogFormat(base)).toEqual({ format: "json" });
  });

  it("is pretty when npm start runs in a terminal, in production as in development", () => {
    expect(chooseLogFormat({ ...base, stdoutIsTTY: true })).toEqual({ format: "pretty" });
    expect(chooseLogFormat({ ...base, nodeEnv: "development", stdoutIsTTY: true })).toEqual({ format: "pretty" });
  });

  it("stays JSON for tests, even in a terminal", () => {
    expect(chooseLogFormat({ ...base, nodeEnv: "test", stdoutIsTTY: true })).toEqual({ format: "json" });
  });

  it("follows LOG_FORMAT whatever stdout is", () => {
    expect(chooseLogFormat({ ...base, logFormat: "json", stdoutIsTTY: true })).toEqual({ format: "json" });
    expect(chooseLogFormat({ ...base, logFormat: "pretty" })).toEqual({ format: "pretty" });
  });

  it("falls back to JSON, saying why, when pino-pretty is not installed (the production image)", () => {
    const choice = chooseLogFormat({ ...base, logFormat: "pretty", prettyAvailable: false });
    expect(choice.format).toBe("json");
    expect(choice.fallback).toMatch(/pino-pretty is not installed/);
    expect(chooseLogFormat({ ...base, stdoutIsTTY: true, prettyAvailable: false }).format).toBe("json");
  });
});
