import { createServices } from "#server/services.ts";
import { createTestEnvironment } from "./test-database.ts";

const silentLog = { info() {}, warn() {}, error() {} };

/**
 * The domain services without HTTP, built by the same createServices as the shop, on a database of this test file's
 * own. For tests of business rules: call a service, look at the rows.
 */
export async function createTestServices(options: { env?: Record<string, string> } = {}) {
  const environment = await createTestEnvironment(options.env);
  const runtime = await createServices(environment.config, { log: silentLog, pglite: environment.pglite });
  return {
    services: runtime.services,
    /** Direct database access: builders insert rows through it, tests look at rows through it. */
    db: runtime.database.db,
    /** The payment provider: the test provider's pretend widget (`pay`, `failPayment`, `webhook`) by default. */
    paymentGateway: runtime.paymentGateway,
    async close() {
      await runtime.close();
      await environment.cleanUp();
    },
  };
}

export type TestServices = Awaited<ReturnType<typeof createTestServices>>;
