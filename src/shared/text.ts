/** Cuts `text` to `max` characters and adds an ellipsis when it was longer (spec: names 20, cart titles 30...). */
export function truncate(text: string, max: number, ellipsis = "..."): string {
  return text.length > max ? `${text.slice(0, max)}${ellipsis}` : text;
}

const REGEXP_SPECIAL = /[.*+?^${}()|[\]\\/]/g;

/** `[start, end)` of `typed` in `name` for the suggestions' highlight: the whole trimmed text, else its last word; or null. */
export function matchedRange(name: string, typed: string): [number, number] | null {
  const text = typed.trim();
  if (text === "") return null;
  const find = (needle: string): [number, number] | null => {
    // A regular expression rather than indexOf on lower-cased copies: lower-casing may change a string's length.
    const match = new RegExp(needle.replace(REGEXP_SPECIAL, "\\$&"), "iu").exec(name);
    return match ? [match.index, match.index + match[0].length] : null;
  };
  const lastWord = text.split(/\s+/).at(-1) ?? text;
  return find(text) ?? (lastWord === text ? null : find(lastWord));
}

/** A search as the shop keeps it (searches that found nothing, synonyms): trimmed, lower case, single spaces. */
export function normalizeSearchText(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, " ");
}
