// What production refuses as SESSION_SECRET: a value the project's files show, and one a person could guess. The
// estimate is simple so that each refusal is explained in one sentence; `openssl rand -base64 48` always passes.

/** session-secret.test.ts fails when a shipped file (deploy/, .env.example, README, docs/) shows a value not named here. */
export const SHIPPED_SESSION_SECRETS: readonly { value: string; file: string }[] = [
  { value: "change-me-to-the-output-of-openssl-rand-base64-48", file: "deploy/compose.env.example" },
];

export const GENERATE_SESSION_SECRET = "generate one with `openssl rand -base64 48`";

export const MIN_SECRET_BITS = 128;
export const MIN_DISTINCT_CHARACTERS = 8;

/** A word from a list of about 2,000 common ones. */
const WORD_BITS = 11;

/** Text that only a person types into a secret: the placeholders' words, and the secret naming itself. */
const HAND_WRITTEN = /change[\s_-]?me|replace[\s_-]?me|placeholder|example|secret|password|storefront/i;

const SYMBOL = /^[^a-zA-Z0-9]$/;
/** A run of letters that reads as words: lower case, UPPER CASE, Capitalized, or CamelCase, each word with a vowel. */
const WORDS = /^(?:[a-z]{1,12}|[A-Z]{1,12}|(?:[A-Z][a-z]{1,11})+)$/;

/**
 * Estimated bits to guess `secret`: per character, log2 of the alphabet its classes span; a run of letters that reads as
 * words, WORD_BITS a word; a predictable character (a repeat, a run such as abc or 321, an echo of earlier ones), 1 bit.
 */
export function estimateSecretBits(secret: string): number {
  const classes: [RegExp, number][] = [
    [/[a-z]/, 26],
    [/[A-Z]/, 26],
    [/[0-9]/, 10],
    [/[^a-zA-Z0-9]/, 33],
  ];
  const perCharacter = Math.log2(classes.reduce((size, [present, count]) => (present.test(secret) ? size + count : size), 0));
  const tokens = [...secret.matchAll(/[a-zA-Z]+|[0-9]+|[^a-zA-Z0-9]/gu)].map((match) => ({ text: match[0], at: match.index }));
  const separatorOrEnd = (index: number) => {
    const token = tokens[index];
    return token === undefined || SYMBOL.test(token.text);
  };
  const predictable = (i: number) => {
    if (i < 2) return false;
    const [c, p, q] = [secret.charCodeAt(i), secret.charCodeAt(i - 1), secret.charCodeAt(i - 2)];
    const run = (c === p && p === q) || (c - p === p - q && Math.abs(c - p) === 1);
    return run || secret.lastIndexOf(secret.slice(i - 2, i + 1), i - 3) !== -1;
  };
  let bits = 0;
  let lastSymbol: string | undefined;
  tokens.forEach((token, index) => {
    if (SYMBOL.test(token.text)) {
      bits += token.text === lastSymbol ? 1 : perCharacter;
      lastSymbol = token.text;
      return;
    }
    const words = WORDS.test(token.text) ? (token.text.match(/[A-Z]?[a-z]+|[A-Z]+/g) ?? []) : [];
    if (
      separatorOrEnd(index - 1) &&
      separatorOrEnd(index + 1) &&
      words.length > 0 &&
      words.every((word) => /[aeiouy]/i.test(word))
    ) {
      for (const word of words) bits += Math.min(WORD_BITS, word.length * perCharacter);
      return;
    }
    for (let i = token.at; i < token.at + token.text.length; i++) bits += predictable(i) ? 1 : perCharacter;
  });
  return bits;
}

/** Why `secret` must not sign production's sessions (a sentence's end; the caller adds what to do), or undefined. */
export function sessionSecretProblem(secret: string): string | undefined {
  const trimmed = secret.trim();
  const shipped = SHIPPED_SESSION_SECRETS.find((example) => example.value === trimmed);
  if (shipped) return `this is the example value from ${shipped.file}`;
  const handWritten = HAND_WRITTEN.exec(secret)?.[0];
  if (handWritten) return `looks written by hand (it contains "${handWritten}")`;
  const distinct = new Set(secret).size;
  if (distinct < MIN_DISTINCT_CHARACTERS) {
    return `has only ${distinct} different characters (at least ${MIN_DISTINCT_CHARACTERS} are needed)`;
  }
  const bits = Math.floor(estimateSecretBits(secret));
  if (bits < MIN_SECRET_BITS) {
    return `is too easy to guess: about ${bits} bits by the shop's estimate, ${MIN_SECRET_BITS} needed (words, repeats and runs such as abc or 123 count for little)`;
  }
  return undefined;
}
