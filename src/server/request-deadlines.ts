import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

interface Connection {
  /** When the connection could first send its next request: accepted, or its last answer finished. */
  readySince: number;
  timer: NodeJS.Timeout | undefined;
  /** The last request received since then (its headers complete) and its answer. */
  request: IncomingMessage | undefined;
  response: ServerResponse | undefined;
  /** Requests received and not yet answered (more than one only when a client pipelines). */
  open: number;
}

/**
 * HTTP_HEADERS_TIMEOUT_MS and HTTP_REQUEST_TIMEOUT_MS counted from when a connection may send (accepted, or its last
 * answer finished); Node counts from the first byte, so silence before trickling was free (decision 028). A request
 * received whole is never cut here; a late one gets the server's `clientError` answer (Fastify's 408).
 */
export function enforceRequestDeadlines(server: Server, { headersMs, requestMs }: { headersMs: number; requestMs: number }) {
  const connections = new WeakMap<Socket, Connection>();

  const cut = (socket: Socket, connection: Connection) => {
    if (socket.destroyed) return;
    if (connection.response?.headersSent) socket.destroy();
    else server.emit("clientError", Object.assign(new Error("Request Timeout"), { code: "ERR_HTTP_REQUEST_TIMEOUT" }), socket);
  };

  const check = (socket: Socket, connection: Connection) => {
    if (!connection.request) return cut(socket, connection);
    if (connection.request.complete) return;
    const left = connection.readySince + requestMs - performance.now();
    if (left <= 0) return cut(socket, connection);
    connection.timer = setTimeout(check, left, socket, connection);
  };

  const ready = (socket: Socket, connection: Connection) => {
    connection.readySince = performance.now();
    connection.request = undefined;
    connection.response = undefined;
    clearTimeout(connection.timer);
    connection.timer = setTimeout(check, Math.min(headersMs, requestMs), socket, connection);
  };

  server.on("connection", (socket: Socket) => {
    const connection: Connection = { readySince: 0, timer: undefined, request: undefined, response: undefined, open: 0 };
    connections.set(socket, connection);
    ready(socket, connection);
    socket.once("close", () => clearTimeout(connection.timer));
  });

  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const connection = connections.get(socket);
    if (!connection) return;
    connection.request = request;
    connection.response = response;
    connection.open += 1;
    response.once("close", () => {
      connection.open -= 1;
      if (connection.open === 0 && !socket.destroyed) ready(socket, connection);
    });
  });
}
