import { type AccountsTestApp, uniqueIp } from "./accounts.ts";
import type { multipart } from "./uploads.ts";

/**
 * The original client's utils/api.js, as one shopper's browser runs it: one network, one user agent, and the token it
 * read from local storage at page load. `postData` (fetch) and `editData` / `fetchDataFromApi` / `deleteData` (axios)
 * send `Authorization: Bearer <token>` ("Bearer null" when signed out); `uploadImage` posts FormData through axios
 * with no Authorization header at all.
 */
export function originalClient(t: AccountsTestApp, token: string | null = null) {
  const ip = uniqueIp();
  const userAgent = `Mozilla/5.0 (original client ${Math.random().toString(36).slice(2)})`;
  // axios drops Content-Type when there is no body (GET, DELETE); fetch and axios send it with JSON bodies.
  const headers = (json = true) => ({
    authorization: `Bearer ${token}`,
    "user-agent": userAgent,
    ...(json ? { "content-type": "application/json" } : {}),
  });
  return {
    ip,
    userAgent,
    signedIn: (newToken: string) => {
      token = newToken;
    },
    postData: (url: string, payload: unknown) =>
      t.call({ method: "POST", url, payload: payload as object, ip, headers: headers() }),
    editData: (url: string, payload: unknown) =>
      t.call({ method: "PUT", url, payload: payload as object, ip, headers: headers() }),
    fetchDataFromApi: (url: string) => t.call({ method: "GET", url, ip, headers: headers(false) }),
    deleteData: (url: string) => t.call({ method: "DELETE", url, ip, headers: headers(false) }),
    /** axios.post(url, formData): multipart, no Authorization header. */
    uploadImage: (url: string, body: ReturnType<typeof multipart>, extra: Record<string, string> = {}) =>
      t.call({ method: "POST", url, payload: body.payload, ip, headers: { ...body.headers, "user-agent": userAgent, ...extra } }),
  };
}
