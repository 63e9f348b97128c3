import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, startShop, stopShops, tempDataDir, waitForReady } from "../support/shop-process.ts";

// Timeouts and shutdown need real sockets: the shop as a process, and raw TCP clients that misbehave on purpose.
afterEach(stopShops);

interface RawClient {
  socket: Socket;
  /** Everything the server has sent so far. */
  received(): string;
  /** Milliseconds from connecting until the server closed the connection. */
  closedAfter: Promise<number>;
}

function rawClient(port: number): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      received += chunk;
    });
    const closedAfter = new Promise<number>((done) => socket.on("close", () => done(performance.now() - started)));
    socket.once("error", () => {});
    socket.once("connect", () => resolve({ socket, received: () => received, closedAfter }));
    socket.once("error", reject);
  });
}

/** Writes one line every `everyMs` until the socket closes: the client is slow, never silent. */
function trickle(socket: Socket, everyMs: number, line: (n: number) => string) {
  let n = 0;
  const timer = setInterval(() => {
    if (socket.destroyed) clearInterval(timer);
    else socket.write(line(n++));
  }, everyMs);
  socket.once("close", () => clearInterval(timer));
}

const timeouts = { HTTP_HEADERS_TIMEOUT_MS: "2000", HTTP_REQUEST_TIMEOUT_MS: "3000", HTTP_IDLE_TIMEOUT_MS: "1500" };

describe("connection timeouts, as configured", () => {
  it("closes a connection that sends nothing after HTTP_IDLE_TIMEOUT_MS, and cuts slow headers and slow bodies", async () => {
    const port = await freePort();
    startShop(await tempDataDir(), port, timeouts);
    await waitForReady(port);

    const silent = await rawClient(port);

    const slowHeaders = await rawClient(port);
    slowHeaders.socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    trickle(slowHeaders.socket, 400, (n) => `X-Slow-${n}: 1\r\n`);

    const slowBody = await rawClient(port);
    slowBody.socket.write(
      "POST /api/user/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
    );
    trickle(slowBody.socket, 400, () => " ");

    const [silentMs, headersMs, bodyMs] = await Promise.all([silent.closedAfter, slowHeaders.closedAfter, slowBody.closedAfter]);
    // Node checks the header and request timeouts once a second.
    expect(silentMs).toBeGreaterThanOrEqual(1400);
    expect(silentMs).toBeLessThan(3500);
    expect(headersMs).toBeGreaterThanOrEqual(1900);
    expect(headersMs).toBeLessThan(4000);
    expect(slowHeaders.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(bodyMs).toBeGreaterThanOrEqual(2900);
    expect(bodyMs).toBeLessThan(5000);
  });

  it("counts the header and request timeouts from when the connection could send, not from the request's first byte", async () => {
    const port = await freePort();
    startShop(await tempDataDir(), port, timeouts);
    await waitForReady(port);
    const quietFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    // Silent for most of the idle timeout, then headers a line at a time (Node alone cut this at 1.2 + 2 + up to 1 s).
    const lateHeaders = await rawClient(port);
    // After one answer on a keep-alive connection, the same.
    const keptAlive = await rawClient(port);
    keptAlive.socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    while (!keptAlive.received().includes('"ok"')) await quietFor(20);
    const answeredAt = performance.now();
    // Silent, then whole headers and a body a byte at a time: cut at the request timeout from connecting.
    const lateBody = await rawClient(port);

    await quietFor(1200);
    lateHeaders.socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    trickle(lateHeaders.socket, 200, (n) => `X-Slow-${n}: 1\r\n`);
    keptAlive.socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    trickle(keptAlive.socket, 200, (n) => `X-Slow-${n}: 1\r\n`);
    lateBody.socket.write(
      "POST /api/user/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
    );
    trickle(lateBody.socket, 200, () => " ");

    const [headersMs, keptAliveClosedAt, bodyMs] = await Promise.all([
      lateHeaders.closedAfter,
      keptAlive.closedAfter.then(() => performance.now()),
      lateBody.closedAfter,
    ]);
    // HTTP_HEADERS_TIMEOUT_MS is 2 s and HTTP_REQUEST_TIMEOUT_MS 3 s; the margin is for a loaded machine.
    expect(headersMs).toBeGreaterThanOrEqual(1900);
    expect(headersMs).toBeLessThan(2700);
    expect(lateHeaders.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(keptAliveClosedAt - answeredAt).toBeGreaterThanOrEqual(1900);
    expect(keptAliveClosedAt - answeredAt).toBeLessThan(2700);
    expect(keptAlive.received()).toMatch(/HTTP\/1\.1 408/);
    expect(bodyMs).toBeGreaterThanOrEqual(2900);
    expect(bodyMs).toBeLessThan(3700);
    expect(lateBody.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it("never cuts a connection whose request is being answered, however long the answer takes to start", async () => {
    const port = await freePort();
    startShop(await tempDataDir(), port, { ...timeouts, HTTP_REQUEST_TIMEOUT_MS: "6000" });
    await waitForReady(port);
    const client = await rawClient(port);
    // The body arrives whole after 2.5 s of silence: longer than the idle timeout, within the request timeout.
    const body = JSON.stringify({ email: "nobody@example.com", password: "not the password" });
    client.socket.write(
      `POST /api/user/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 2500));
    client.socket.write(body);
    const deadline = Date.now() + 5000;
    while (!client.received().includes("\r\n\r\n") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(client.received()).toMatch(/^HTTP\/1\.1 401/);
    client.socket.destroy();
  });
});

describe("graceful shutdown", () => {
  it("answers a request in flight at SIGTERM with Connection: close, closes idle keep-alives, closes the database, exits 0", async () => {
    const port = await freePort();
    const shop = startShop(await tempDataDir(), port, { HTTP_IDLE_TIMEOUT_MS: "60000" });
    await waitForReady(port);

    // An idle keep-alive connection: one answered request, then nothing.
    const idle = await rawClient(port);
    idle.socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    while (!idle.received().includes('"ok"')) await new Promise((r) => setTimeout(r, 20));

    // A request in flight: its body is half sent when the signal comes.
    const inFlight = await rawClient(port);
    const body = JSON.stringify({ email: "nobody@example.com", password: "not the password" });
    inFlight.socket.write(
      `POST /api/user/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signalled = performance.now();
    shop.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    inFlight.socket.write(body.slice(10));

    expect(await shop.exited).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(5000);
    expect(inFlight.received()).toMatch(/^HTTP\/1\.1 401/);
    expect(inFlight.received().toLowerCase()).toContain("connection: close");
    await Promise.all([idle.closedAfter, inFlight.closedAfter]);
    expect(shop.output()).toContain("database closed");
  });
});
