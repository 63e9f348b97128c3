import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The house rule for code comments under src/ (README, "Code comments"): a comment says why in at most three lines
// (a file's first comment, its header, in at most six), carries no figure from a benchmark run, and comment lines stay
// at most 8 % of the non-blank lines.
const root = path.resolve(import.meta.dirname, "../src");
const COMMENT = /^\s*(\/\/|\/\*|\*|\{\/\*)/;
const BENCHMARK_FIGURE = /\d(?:[\d,.]*)\s?(?:ms|µs|req\/s|requests\/s|rps)\b|\d\s?%|(?<![/\w-])20\d\d-\d\d-\d\d\b/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = sources(root).map((file) => ({ file: path.relative(root, file), lines: readFileSync(file, "utf8").split("\n") }));

/** A JSDoc's opening or closing line alone says nothing: it does not count towards a comment's length. */
const FRAME = /^\s*(\/\*\*?|\*\/)\s*$/;

/** Runs of consecutive comment lines: where each starts, how many lines it spans and how many say something. */
function blocks(lines: string[]) {
  const found: { start: number; span: number; length: number }[] = [];
  lines.forEach((line, index) => {
    if (!COMMENT.test(line)) return;
    const last = found.at(-1);
    const says = FRAME.test(line) ? 0 : 1;
    if (last && last.start + last.span === index) {
      last.span += 1;
      last.length += says;
    } else found.push({ start: index, span: 1, length: says });
  });
  return found;
}

describe("comments under src/", () => {
  it("are at most 8 % of the non-blank lines", () => {
    let comments = 0;
    let total = 0;
    for (const { lines } of files) {
      for (const line of lines) {
        if (line.trim() === "") continue;
        total += 1;
        if (COMMENT.test(line)) comments += 1;
      }
    }
    expect(comments / total).toBeLessThanOrEqual(0.08);
  });

  it("run at most three lines, a file's header at most six", () => {
    const long = files.flatMap(({ file, lines }) =>
      blocks(lines)
        .filter((block, index) => block.length > (index === 0 ? 6 : 3))
        .map((block) => `${file}:${block.start + 1} (${block.length} lines)`),
    );
    expect(long).toEqual([]);
  });

  it("carry no figure from a benchmark run (milliseconds, rates, percentages, dates of runs)", () => {
    const figures = files.flatMap(({ file, lines }) =>
      lines.flatMap((line, index) =>
        COMMENT.test(line) && BENCHMARK_FIGURE.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
      ),
    );
    expect(figures).toEqual([]);
  });
});
