/** Cuts `text` to `max` characters and adds an ellipsis when it was longer (spec: names 20, cart titles 30...). */
export function truncate(text: string, max: number, ellipsis = "..."): string {
  return text.length > max ? `${text.slice(0, max)}${ellipsis}` : text;
}

const REGEXP_SPECIAL = /[.*+?^${}()|[\]\\/]/g;

/**
 * Where the shopper's `typed` text shows in `name`, as `[start, end)` indices into `name`, for the search suggestions'
 * highlight: the first case-insensitive occurrence of the whole trimmed text, else of its last word (the one being
 * typed); null when neither occurs or `typed` is blank.
 */
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
