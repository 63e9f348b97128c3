/**
 * Building blocks of the fuzz test (tests/api/fuzz.test.ts): a seeded pseudo-random generator and the odd values a
 * client can send. Everything comes from the generator, so a seed (and a request's index) reproduces a request exactly.
 */

/** mulberry32: small, fast, good enough to pick test cases; the same seed gives the same sequence. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}

export type Random = ReturnType<typeof createRandom>;

/** A request's own seed from the run's seed and its index: any one request can be replayed alone. */
export function requestSeed(seed: number, index: number): number {
  return (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(index + 1, 0xc2b2ae35)) >>> 0;
}

const CONTROL = ["\u0000", "\u0001", "\u0007", "\b", "\t", "\n", "\r", "\u001b", "\u001f", "\u007f"];
const UNICODE = ["é", "ß", "漢字", "🛒", "\u200b", "\u202e", "\ufeff", "\ud800", "\udfff", "\uffff", "ﬁ", "İ"];
const WORDS = ["laptop", "shoes", "India", "All", "lamp", "a", "Fashion", "Electronics", "undefined", "null", "true"];
const NUMBERS = [
  "0",
  "-1",
  "1.5",
  "1e309",
  "-1e309",
  "9007199254740993",
  "99999999999999999999999999999",
  "NaN",
  "Infinity",
  "0x10",
  "1_000",
  "٣",
  " 5 ",
  "5abc",
];
const SHAPES = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "$where", "{}", "[]", "' or 1=1 --"];
const PATHLIKE = ["../../../../etc/passwd", "..%2f..%2fetc", "%2e%2e%2f", "a/b", "\\..\\..\\windows", "file.webp", "x.png"];

/** A string a client might send in a parameter, header or field: mostly odd, sometimes plausible. */
export function oddString(random: Random, { controls = true } = {}): string {
  switch (random.int(controls ? 9 : 8)) {
    case 0:
      return random.pick(WORDS);
    case 1:
      return random.pick(NUMBERS);
    case 2:
      return random.pick(SHAPES);
    case 3:
      return random.pick(PATHLIKE);
    case 4:
      return Array.from({ length: 1 + random.int(4) }, () => random.pick(UNICODE)).join("");
    case 5:
      return random.pick(["", " ", "   ", "+", "%", "&", "=", "#", "?", ";", ",", '"', "'", "<script>", "{{7*7}}"]);
    case 6:
      return random.pick(WORDS).repeat(random.pick([50, 300, 2000]));
    case 7:
      return random.chance(0.5) ? uuidLike(random) : random.pick(WORDS) + random.int(1000);
    default:
      return random.pick(WORDS) + random.pick(CONTROL) + random.pick(WORDS);
  }
}

/** A UUID-shaped value from the generator (valid v7 shape, or almost). */
export function uuidLike(random: Random): string {
  const hex = (n: number) => Array.from({ length: n }, () => "0123456789abcdef"[random.int(16)]).join("");
  const id = `${hex(8)}-${hex(4)}-7${hex(3)}-8${hex(3)}-${hex(12)}`;
  return random.chance(0.2) ? id.slice(0, -1 - random.int(3)) : id;
}

/** A query-string value already in its URL form: encoded, or raw with broken escapes and NULs. */
export function oddQueryValue(random: Random): string {
  if (random.chance(0.25)) return random.pick(["%zz", "%", "%0", "%00", "%u0041", "%C3%28", "%ED%A0%80", "%FF%FE", "%E2%82"]);
  if (random.chance(0.05)) return "%00".repeat(1 + random.int(5));
  return encodeURIComponent(oddString(random).toWellFormed());
}

/** A JSON value of the wrong kind, or an odd one of the right kind. */
export function oddJsonValue(random: Random, depth = 0): unknown {
  switch (random.int(depth > 2 ? 7 : 10)) {
    case 0:
      return oddString(random);
    case 1:
      return Number(random.pick(NUMBERS));
    case 2:
      return random.pick([true, false, null, 0, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1]);
    case 3:
      return oddString(random);
    case 4:
      return "x".repeat(random.pick([10_000, 100_000]));
    case 5:
      return uuidLike(random);
    case 6:
      return "";
    case 7:
      return Array.from({ length: random.int(4) }, () => oddJsonValue(random, depth + 1));
    case 8:
      return Object.fromEntries(
        Array.from({ length: random.int(3) }, () => [oddString(random), oddJsonValue(random, depth + 1)]),
      );
    default:
      return nested(random.pick([50, 500]));
  }
}

function nested(depth: number): unknown {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** A header value: long, with control characters, non-ASCII bytes, or just odd. */
export function oddHeaderValue(random: Random): string {
  switch (random.int(6)) {
    case 0:
      return "x".repeat(random.pick([1000, 8000]));
    case 1:
      return `a${random.pick(["\u0001", "\u007f", "\t", "\u001b"])}b`;
    case 2:
      return Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x80]).toString("latin1");
    case 3:
      return random.pick(["", " ", "%zz", "=?utf-8?b?w6k=?=", "null", "undefined", ",,,", ";;;"]);
    case 4:
      return oddString(random, { controls: false }).replace(/[^\u0020-\u007e]/g, "?");
    default:
      return random.pick(["é", "漢字"]).repeat(3);
  }
}
