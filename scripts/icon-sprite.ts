// Writes src/web/components/ui/icons.svg: one <symbol> per name in icon-names.ts, drawn from lucide-react's own
// components, so the pages' scripts carry no icon paths (docs/decisions/030-icons-from-a-sprite.md).
// Run `node scripts/icon-sprite.ts` after changing the names or lucide-react; icon-sprite.test.ts checks the file.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as lucide from "lucide-react";
import { type ComponentType, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ICON_NAMES } from "../src/web/components/ui/icon-names.ts";

export const SPRITE_FILE = path.resolve(import.meta.dirname, "../src/web/components/ui/icons.svg");

const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase());

/** The sprite's text: lucide's shapes for each name, without the outer <svg> (the Icon component draws that). */
export function iconSprite(): string {
  const { version } = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, "../node_modules/lucide-react/package.json"), "utf8"),
  );
  const symbols = ICON_NAMES.map((name) => {
    const component = (lucide as unknown as Record<string, ComponentType | undefined>)[pascal(name)];
    if (!component) throw new Error(`lucide-react has no icon "${name}"`);
    const markup = renderToStaticMarkup(createElement(component));
    const shapes = markup
      .replace(/^<svg[^>]*>/, "")
      .replace(/<\/svg>$/, "")
      .replace(/><\/\w+>/g, "/>");
    return `<symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true">`,
    `<!-- Icons from lucide-react ${version} (ISC license). Written by scripts/icon-sprite.ts: do not edit. -->`,
    ...symbols,
    "</svg>",
    "",
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  writeFileSync(SPRITE_FILE, iconSprite());
  console.log(`wrote ${path.relative(process.cwd(), SPRITE_FILE)} (${ICON_NAMES.length} icons)`);
}
