import { describe, expect, it, vi } from "vitest";
import { PageSink, WholePage } from "./page-stream.server.ts";

async function chunksOf(body: ReadableStream<Uint8Array>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk).toString());
  return chunks;
}

describe("PageSink", () => {
  it("gives the body one chunk per flush, module preloads lowered, strings and bytes alike", async () => {
    const done = vi.fn();
    const sink = new PageSink(done);
    sink.write(new TextEncoder().encode('<head><link rel="module'));
    sink.write('preload" href="/a.js"/>');
    sink.flush();
    sink.flush(); // nothing written since: no empty chunk
    sink.write(new TextEncoder().encode("<p>₹1,299</p>"));
    sink.write("</body>");
    sink.end();
    expect(await chunksOf(sink.body)).toEqual([
      '<head><link rel="modulepreload" fetchpriority="low" href="/a.js"/>',
      "<p>₹1,299</p></body>",
    ]);
    expect(done).toHaveBeenCalledOnce();
  });

  it("holds the start of a preload that the next flush finishes", async () => {
    const sink = new PageSink(() => {});
    sink.write("<p>a</p><link rel=");
    sink.flush();
    sink.write('"modulepreload" href="/b.js"/>');
    sink.end();
    expect((await chunksOf(sink.body)).join("")).toBe('<p>a</p><link rel="modulepreload" fetchpriority="low" href="/b.js"/>');
  });

  it("asks the writer to wait once the unread bytes pass the mark, and says 'drain' when the reader has read", async () => {
    const sink = new PageSink(() => {});
    const drained = vi.fn();
    sink.on("drain", drained);
    const big = "x".repeat(64 * 1024);
    expect(sink.write(big)).toBe(true);
    expect(sink.write(big)).toBe(false);
    sink.flush();
    expect(drained).not.toHaveBeenCalled();
    const reader = sink.body.getReader();
    expect((await reader.read()).value?.length).toBe(128 * 1024);
    await new Promise((resolve) => setImmediate(resolve));
    expect(drained).toHaveBeenCalledOnce();
  });

  it("tells the writer the page was closed when the reader cancels, and takes nothing more", async () => {
    const done = vi.fn();
    const sink = new PageSink(done);
    const closed = vi.fn();
    sink.on("close", closed);
    sink.write("<p>a</p>");
    sink.flush();
    await sink.body.cancel();
    expect(closed).toHaveBeenCalledOnce();
    expect(done).toHaveBeenCalledOnce();
    expect(sink.write("<p>b</p>")).toBe(false);
    sink.end();
    expect(done).toHaveBeenCalledOnce();
  });

  it("fails the body with the writer's error", async () => {
    const sink = new PageSink(() => {});
    sink.write("<p>a</p>");
    sink.flush();
    sink.destroy(new Error("render failed"));
    await expect(chunksOf(sink.body)).rejects.toThrow("render failed");
  });
});

describe("WholePage", () => {
  it("gives the page's bytes, strings and bytes alike, once React ends it", () => {
    const done = vi.fn();
    const page = new WholePage(done);
    expect(page.write(new TextEncoder().encode("<p>₹1,299"))).toBe(true);
    page.write("</p>");
    expect(done).not.toHaveBeenCalled();
    page.end();
    expect(done).toHaveBeenCalledWith({ bytes: Buffer.from("<p>₹1,299</p>") });
  });

  it("gives React's error when React fails it", () => {
    const done = vi.fn();
    new WholePage(done).destroy(new Error("render failed"));
    expect(done).toHaveBeenCalledWith({ error: new Error("render failed") });
  });
});
