import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { iconSprite, SPRITE_FILE } from "../../../../scripts/icon-sprite.ts";
import { ICON_NAMES } from "./icon-names.ts";

const web = path.resolve(import.meta.dirname, "../..");
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [file] : [];
  });

describe("the icon sprite", () => {
  it("is lucide-react's drawing of every listed icon (`node scripts/icon-sprite.ts` rewrites it)", () => {
    expect(readFileSync(SPRITE_FILE, "utf8")).toBe(iconSprite());
  });

  it("has a symbol for each listed name and no other", () => {
    const ids = [...readFileSync(SPRITE_FILE, "utf8").matchAll(/<symbol id="([\w-]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual([...ICON_NAMES]);
  });

  it("is the web app's only source of icons: no component imports lucide-react", () => {
    const importers = sources(web).filter((file) => /from\s*["']lucide-react["']/.test(readFileSync(file, "utf8")));
    expect(importers.map((file) => path.relative(web, file))).toEqual([]);
  });

  it("lists only icons the web app draws", () => {
    const code = sources(web)
      .filter((file) => !file.endsWith("icon-names.ts"))
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    const unused = ICON_NAMES.filter((name) => !code.includes(`"${name}"`));
    expect(unused).toEqual([]);
  });
});
