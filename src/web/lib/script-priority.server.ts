/**
 * React Router's module preloads as it writes them, and the same asking for a low fetch priority, so that on a slow
 * link the stylesheet and the largest picture come before the scripts (decision 010, "Content before code").
 */
const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY_PRELOAD = Buffer.from('<link rel="modulepreload" fetchpriority="low"');

/** The page with each module preload at low priority; the same buffer when it has none. */
export function lowerModulePreloads(page: Buffer): Buffer {
  let from = 0;
  const parts: Buffer[] = [];
  for (let at = page.indexOf(PRELOAD); at >= 0; at = page.indexOf(PRELOAD, from)) {
    parts.push(page.subarray(from, at), LOW_PRIORITY_PRELOAD);
    from = at + PRELOAD.length;
  }
  if (parts.length === 0) return page;
  parts.push(page.subarray(from));
  return Buffer.concat(parts);
}

/** How many bytes at the end of `bytes` begin a preload that the next chunk may finish (a start is a `<`). */
function unfinishedPreload(bytes: Buffer): number {
  const tail = Math.max(0, bytes.length - PRELOAD.length + 1);
  for (let at = bytes.indexOf(0x3c, tail); at >= 0; at = bytes.indexOf(0x3c, at + 1)) {
    if (PRELOAD.subarray(0, bytes.length - at).equals(bytes.subarray(at))) return bytes.length - at;
  }
  return 0;
}

/**
 * `lowerModulePreloads` for a page written in parts: `next` lowers a part, holding back the start of a preload that
 * the next part may finish; `end` gives back what was held.
 */
export function preloadLowering(): { next(part: Buffer): Buffer; end(): Buffer } {
  let held = Buffer.alloc(0);
  return {
    next(part) {
      const bytes = held.length > 0 ? Buffer.concat([held, part]) : part;
      const keep = unfinishedPreload(bytes);
      // A copy: the caller may reuse the memory of the part it gave.
      held = Buffer.from(bytes.subarray(bytes.length - keep));
      return lowerModulePreloads(bytes.subarray(0, bytes.length - keep));
    },
    end() {
      return held;
    },
  };
}
