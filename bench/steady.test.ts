import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driveSteadily, ResponseReader } from "./steady.ts";

/** Feeds `text` to a reader in pieces of `size` bytes and answers the statuses it completed, in order. */
function read(text: string, size: number) {
  const statuses: number[] = [];
  const reader = new ResponseReader((status) => statuses.push(status));
  const bytes = Buffer.from(text, "latin1");
  let ok = true;
  for (let at = 0; at < bytes.length && ok; at += size) ok = reader.feed(bytes, at, Math.min(bytes.length, at + size));
  return { statuses, ok, reader };
}

describe("ResponseReader", () => {
  const lengthAnswer = "HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\nhello world";
  const chunkedAnswer =
    "HTTP/1.1 404 Not Found\r\ntransfer-encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nx-trailer: 1\r\n\r\n";

  it.each([1, 2, 3, 7, 1000])("reads answers by length and by chunks, in pieces of %i bytes", (size) => {
    const { statuses, ok, reader } = read(`${lengthAnswer}${chunkedAnswer}HTTP/1.1 204 No Content\r\n\r\n${lengthAnswer}`, size);
    expect(ok).toBe(true);
    expect(statuses).toEqual([200, 404, 204, 200]);
    expect(reader.midAnswer).toBe(false);
  });

  it("waits for the rest of a body before completing the answer", () => {
    const { statuses, reader } = read(lengthAnswer.slice(0, -1), 1000);
    expect(statuses).toEqual([]);
    expect(reader.midAnswer).toBe(true);
  });

  it("skips an interim 100 Continue and completes the answer after it", () => {
    expect(read(`HTTP/1.1 100 Continue\r\n\r\n${lengthAnswer}`, 5).statuses).toEqual([200]);
  });

  it("ends an answer without a length when the connection closes", () => {
    const { statuses, reader } = read("HTTP/1.1 200 OK\r\nconnection: close\r\n\r\nsome bytes", 4);
    expect(statuses).toEqual([]);
    expect(reader.endsAtClose).toBe(true);
    reader.closed();
    expect(statuses).toEqual([200]);
  });

  it("refuses bytes that are not an HTTP answer", () => {
    expect(read("SSH-2.0-OpenSSH\r\n\r\n", 100).ok).toBe(false);
    expect(read("HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n", 100).ok).toBe(false);
  });
});

describe("driveSteadily", () => {
  let server: http.Server;
  let baseUrl: string;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === "/big")
        response.end("x".repeat(300_000)); // more than one read, chunked
      else if (request.url === "/missing") response.writeHead(404).end("no");
      else if (request.url === "/broken") request.socket.destroy();
      else if (request.url === "/echo") request.pipe(response);
      else response.writeHead(200, { "content-length": "2" }).end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends the rate asked, evenly, and counts answers by status, non-2xx and broken connections", async () => {
    const paths = ["/ok", "/big", "/missing", "/broken", "/echo"];
    let n = 0;
    const figures = await driveSteadily(baseUrl, {
      rate: 200,
      seconds: 1,
      maxConnections: 4,
      next: () => {
        const path = paths[n++ % paths.length] ?? "/ok";
        return path === "/echo" ? { path, method: "POST", body: "ping" } : { path };
      },
    });
    expect(figures.statusCodes).toEqual({ 200: 120, 404: 40 });
    expect(figures.requests).toBe(160);
    expect(figures.non2xx).toBe(40);
    expect(figures.errors).toBe(40);
    expect(figures.p99Ms).not.toBeNull();
  });

  it("opens the connections asked before the first request, and sends on them before opening more", async () => {
    let connected = 0;
    const connectedAtFirstRequest: number[] = [];
    const counting = http.createServer((_request, response) => {
      connectedAtFirstRequest.push(connected);
      response.writeHead(200, { "content-length": "2" }).end("ok");
    });
    counting.on("connection", () => connected++);
    await new Promise<void>((resolve) => counting.listen(0, "127.0.0.1", resolve));
    try {
      const figures = await driveSteadily(`http://127.0.0.1:${(counting.address() as AddressInfo).port}`, {
        rate: 50,
        seconds: 0.4,
        openConnections: 6,
        next: () => ({ path: "/ok" }),
      });
      expect(figures.requests).toBe(20);
      expect(connectedAtFirstRequest[0]).toBe(6);
      // One request at a time needs no seventh connection.
      expect(connected).toBe(6);
    } finally {
      await new Promise<void>((resolve) => counting.close(() => resolve()));
    }
  });

  it("reports the p99 of each whole window of the run, by when each request was due", async () => {
    const slow = http.createServer((request, response) => {
      const answer = () => response.writeHead(200, { "content-length": "2" }).end("ok");
      if (request.url === "/slow") setTimeout(answer, 2000);
      else answer();
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
      let n = 0;
      // The first half second fast, the second slow.
      const next = () => ({ path: n++ < 20 ? "/ok" : "/slow" });
      // Every connection opened before the clock starts: a connect whose SYN is lost waits a second to be sent again.
      const figures = await driveSteadily(url, { rate: 40, seconds: 1, windowSeconds: 0.5, openConnections: 40, next });
      expect(figures.windowP99Ms).toHaveLength(2);
      // Far apart, as a test run beside others on 2 cores can send a fast request a second late.
      expect(figures.windowP99Ms[0]).toBeLessThan(1500);
      expect(figures.windowP99Ms[1]).toBeGreaterThanOrEqual(2000);
      n = 0;
      const whole = await driveSteadily(url, { rate: 40, seconds: 1, next });
      expect(whole.windowP99Ms).toEqual([whole.p99Ms]);
    } finally {
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  it("stops before sending anything when the connections it must open are refused", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    let planned = 0;
    await expect(
      driveSteadily(`http://127.0.0.1:${port}`, {
        rate: 10,
        seconds: 1,
        openConnections: 3,
        next: () => {
          planned++;
          return { path: "/" };
        },
      }),
    ).rejects.toThrow(/could not connect/);
    expect(planned).toBe(0);
  });
});
