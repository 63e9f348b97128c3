/**
 * `.env` in the working directory, if any; variables already set in the environment win. The server (main.ts) and the
 * script that prints its Node flags (scripts/node-flags.ts) read it the same way.
 */
export function loadDotEnv() {
  try {
    process.loadEnvFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
