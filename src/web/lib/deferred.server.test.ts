import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { type RequestInfo, requestInfoContext } from "#app-context";
import { settledWhenAnonymous } from "./deferred.server.ts";

function contextFor(anonymous: boolean) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { anonymous } as RequestInfo);
  return context;
}

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
afterEach(() => {
  process.off("unhandledRejection", onUnhandled);
  unhandled.splice(0);
});
/** Lets Node look for rejections nobody handled (it does once the microtasks of a turn have run). */
const aTurnLater = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("settledWhenAnonymous", () => {
  it("settles an anonymous page's deferred values before answering, failures included", async () => {
    let resolveLater: (value: string) => void = () => {};
    const later = new Promise<string>((resolve) => {
      resolveLater = resolve;
    });
    const failing = Promise.reject(new Error("database down"));
    let answered = false;
    const answer = settledWhenAnonymous(contextFor(true), { later, failing, plain: 1 }).then((data) => {
      answered = true;
      return data;
    });
    await aTurnLater();
    expect(answered).toBe(false);
    resolveLater("ready");
    const data = await answer;
    expect(data.plain).toBe(1);
    expect(await data.later).toBe("ready");
    await expect(data.failing).rejects.toThrow("database down");
  });

  it("hands a personal page's deferred values on as they are, and one that fails unread ends nothing", async () => {
    process.on("unhandledRejection", onUnhandled);
    const related = Promise.reject(new Error("database down"));
    const data = await settledWhenAnonymous(contextFor(false), { related });
    expect(data.related).toBe(related);
    // The page is never rendered (its render was aborted): nobody reads `related`.
    await aTurnLater();
    expect(unhandled).toEqual([]);
  });
});
