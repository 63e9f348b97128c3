import { uniqueIp } from "./accounts.ts";
import { TEST_PUBLIC_URL, type TestApp } from "./test-app.ts";

/**
 * A page as a browser asks for it, without scripts: from `ip` (a fresh address by default), the shop's own Host, the
 * session cookie `sid` when given, and a form posted from the shop's origin (React Router compares them). The HTML
 * loses React's `<!-- -->` text separators.
 */
export async function requestPage(
  app: TestApp,
  method: "GET" | "POST",
  url: string,
  {
    sid,
    cookies = sid ? { sid } : {},
    form,
    ip = uniqueIp(),
  }: { sid?: string; cookies?: Record<string, string>; form?: Record<string, string>; ip?: string } = {},
) {
  const response = await app.server.inject({
    method,
    url,
    remoteAddress: ip,
    cookies,
    headers: {
      host: new URL(TEST_PUBLIC_URL).host,
      ...(form ? { "content-type": "application/x-www-form-urlencoded", origin: TEST_PUBLIC_URL } : {}),
    },
    ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
  });
  const html = response.body.replaceAll("<!-- -->", "");
  return { status: response.statusCode, location: response.headers.location, headers: response.headers, html, response };
}
