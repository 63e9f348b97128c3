import type { FuzzContext, FuzzRoute } from "./fuzz-requests.ts";
import { oddJsonValue, oddString, type Random } from "./fuzz-values.ts";

/**
 * Request bodies for the fuzz test: JSON (odd values in the route's own fields, broken, of the wrong kind), forms,
 * multipart (well-formed, without boundary, cut short, with a huge part header), text, random bytes, none declared,
 * and now and then one over the body limit. `fields` is what the server will read from it (the known-failures list
 * looks there).
 */
const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-16",
  "application/json; charset=latin1",
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=bogus",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "multipart/mixed; boundary=x",
  "text/plain",
  "application/octet-stream",
  "application/xml",
  "*/*",
  "json",
  ";;",
];

const BOUNDARY = "fuzzboundary7MA4YWxkTrZu0gW";

interface Body {
  contentType?: string;
  payload?: string | Buffer;
  fields: Record<string, unknown>;
}

function fuzzFields(route: FuzzRoute, random: Random, context: FuzzContext): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const name of route.fields) {
    if (random.chance(0.8)) fields[name] = random.chance(0.3) ? plausible(name, random, context) : oddJsonValue(random);
  }
  if (random.chance(0.3)) fields[oddString(random, { controls: false }).slice(0, 30)] = oddJsonValue(random);
  return fields;
}

function plausible(name: string, random: Random, context: FuzzContext): string {
  if (/credential|token/i.test(name)) return random.pick(context.credentials);
  if (/email/i.test(name)) return `fuzz${random.int(1e6)}@example.com`;
  if (/pass/i.test(name)) return "correct horse battery";
  if (/phone/i.test(name)) return "9876543210";
  if (/otp/i.test(name)) return String(100000 + random.int(899999));
  return oddString(random);
}

export function fuzzBody(route: FuzzRoute, random: Random, context: FuzzContext): Body {
  const fields = fuzzFields(route, random, context);
  const strings = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, textOf(value)]));
  switch (random.int(10)) {
    case 0:
    case 1:
      return {
        contentType: random.pick(["application/json", CONTENT_TYPES[1] as string]),
        payload: JSON.stringify(fields),
        fields,
      };
    case 2:
      return {
        contentType: "application/json",
        payload: random.pick([
          '{"email": "a',
          "{,}",
          "nul",
          "[1,2",
          '{"a":1}}',
          "\u0000",
          "\ufeff{}",
          '{"__proto__":{"x":1}}',
          "",
          "   ",
        ]),
        fields: {},
      };
    case 3:
      return {
        contentType: "application/json",
        payload: JSON.stringify(random.pick([[fields], "text", 42, null, true])),
        fields: {},
      };
    case 4: {
      const form = new URLSearchParams(strings).toString();
      return {
        contentType: "application/x-www-form-urlencoded",
        payload: random.chance(0.2) ? `${form}&%zz=%&a=%00` : form,
        fields: strings,
      };
    }
    case 5:
    case 6:
      return multipart(random, strings);
    case 7:
      return {
        contentType: random.pick(CONTENT_TYPES),
        payload: random.chance(0.5) ? JSON.stringify(fields) : oddString(random),
        fields: {},
      };
    case 8:
      return {
        payload: random.chance(0.5) ? "email=a%40b.c&password=x" : Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28]),
        fields: {},
      };
    default:
      return random.chance(0.1)
        ? { contentType: "application/json", payload: `"${"x".repeat(2 * 1024 * 1024)}"`, fields: {} }
        : {
            contentType: random.pick(CONTENT_TYPES),
            payload: Buffer.from(Array.from({ length: 64 }, () => random.int(256))),
            fields: {},
          };
  }
}

function textOf(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "");
}

function multipart(random: Random, fields: Record<string, string>): Body {
  const parts = Object.entries(fields).map(([name, value]) =>
    random.chance(0.2)
      ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n${value}\r\n`
      : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const whole = `${parts.join("")}--${BOUNDARY}--\r\n`;
  switch (random.int(5)) {
    case 0:
      return { contentType: "multipart/form-data", payload: whole, fields: {} };
    case 1:
      return {
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        payload: whole.slice(0, random.int(whole.length)),
        fields: {},
      };
    case 2:
      return { contentType: "multipart/form-data; boundary=other", payload: whole, fields: {} };
    case 3:
      return {
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${"n".repeat(20_000)}"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
        fields: {},
      };
    default:
      return { contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: whole, fields };
  }
}
