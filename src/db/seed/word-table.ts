import { type Illustration, illustrations } from "./illustrations.ts";

/**
 * The format the demo catalogue's word lists (catalog-words.ts) are written in, and its parser. Each sub-category is a
 * table: a header line `name | option picker ("-" for none)`, then one product kind a line:
 *   illustration | noun for descriptions | price range in rupees | colour set ("-" = the category's) | name pattern
 * A name pattern is slots joined by " + "; a slot is alternatives joined by " / " (an empty alternative leaves the
 * slot out); `{Color}` is the product's colour name, so "Ruby Red" lipstick is drawn ruby red.
 */

/** A colour a product comes in: named in its name or description, drawn in its pictures. */
export interface NamedColor {
  name: string;
  hex: string;
}

const colorSets = {
  fabric:
    "navy blue #1e3a5f, maroon #7f1d1d, olive green #556b2f, mustard yellow #d4a017, teal #0f766e, coral #f87171, charcoal grey #374151, sky blue #60a5fa, blush pink #f472b6, lavender #a78bfa, bottle green #166534, rust #b45309, black #111827",
  device:
    "midnight black #1f2937, graphite #4b5563, ocean blue #2563eb, mint green #34d399, sunset orange #fb923c, lilac #a78bfa, silver #94a3b8",
  bags: "tan #b45309, dark brown #5b3a29, black #1f2937, cognac #9a3412, navy blue #1e3a5f, olive green #556b2f, wine red #881337, teal #0f766e",
  shoes:
    "navy blue #1e3a5f, maroon #7f1d1d, olive green #556b2f, teal #0f766e, coral #f87171, charcoal grey #374151, sky blue #60a5fa, white #e5e7eb, black #111827",
  leather: "tan #b45309, dark brown #5b3a29, black #1f2937, cognac #9a3412",
  redFruit: "red #dc2626, deep red #9f1239, crimson #be123c",
  greenFruit: "green #65a30d, lime green #84cc16",
  citrus: "orange #f97316, tangerine #fb923c, mango yellow #f59e0b",
  carrot: "orange #ea580c",
  greens: "green #15803d, leaf green #16a34a",
  packs: "saffron #f59e0b, leaf green #16a34a, brick red #dc2626, turmeric yellow #eab308, royal blue #2563eb, purple #7c3aed",
  oils: "golden #ca8a04, amber #d97706, pale gold #eab308",
  juices: "mango #f59e0b, orange #f97316, guava pink #f472b6, apple green #84cc16, berry #be185d",
  lipShades: "ruby red #b91c1c, nude pink #e8a0a0, rosewood #9f4a54, coral crush #f26b5b, berry bold #86198f, mauve #a8577e",
  skinShades: "ivory #f1d3b3, sand #e0b990, honey #c68e5b, caramel #a86b3c",
  beauty: "rose #fb7185, peach #fdba74, lavender #c4b5fd, mint #6ee7b7, teal #14b8a6, plum #9d174d, sky blue #7dd3fc",
  wellness: "leaf green #16a34a, teal #0d9488, saffron #f59e0b, deep blue #1d4ed8, plum #7e22ce, charcoal #374151",
  metal: "gold #d4af37, silver #a8b3c2, rose gold #e0a08a, antique gold #b8860b",
  cookware: "black #1f2937, cherry red #b91c1c, copper #b45309, granite grey #57534e",
  steel: "steel #94a3b8, silver #cbd5e1",
  home: "terracotta #c2410c, sage green #84a98c, ochre #d4a017, indigo #3730a3, blush pink #f9a8d4, teal #0f766e, cream #e7d9b8",
};
type ColorSetName = keyof typeof colorSets;

function parseColors(list: string): NamedColor[] {
  return list.split(",").map((entry) => {
    const match = /^\s*(.+?)\s+(#[0-9a-f]{6})\s*$/.exec(entry);
    if (!match?.[1] || !match[2]) throw new Error(`catalog-words: bad colour "${entry}"`);
    return { name: match[1], hex: match[2] };
  });
}

const defaultAccents = ["#f59e0b", "#ef4444", "#10b981", "#3b82f6", "#ec4899", "#facc15", "#8b5cf6"];
export const gemAccents = ["#059669", "#dc2626", "#2563eb", "#f8fafc", "#7c3aed", "#f472b6"];

export interface ProductKindWords {
  illustration: Illustration;
  noun: string;
  priceRupees: readonly [number, number];
  colors: readonly NamedColor[];
  nameSlots: readonly (readonly string[])[];
}

/** Which option picker the product page shows for a sub-category's products. */
export type ProductOption = "ram" | "clothing-size" | "shoe-size" | "weight";

export interface SubCategoryWords {
  name: string;
  option: ProductOption | null;
  kinds: readonly ProductKindWords[];
}

export interface CategoryWords {
  name: string;
  slug: string;
  /** Pastel tile colour (spec: a category tile's background is its colour). */
  color: string;
  icon: Illustration;
  /** A stronger colour of the same family, for the tile's icon and banners. */
  iconColor: string;
  brands: readonly string[];
  accents: readonly string[];
  /** Description sentences; {brand}, {noun} and {color} are filled in. */
  features: readonly string[];
  subCategories: readonly SubCategoryWords[];
}

interface CategoryInput extends Omit<CategoryWords, "subCategories" | "accents"> {
  colorSet: ColorSetName;
  accents?: readonly string[];
  subCategories: readonly string[];
}

const productOptions: readonly ProductOption[] = ["ram", "clothing-size", "shoe-size", "weight"];

function parseSubCategory(table: string, defaultColors: ColorSetName): SubCategoryWords {
  const [header = "", ...lines] = table.split("\n").filter((line) => line.trim() !== "");
  const [name = "", option = ""] = header.split("|").map((cell) => cell.trim());
  if (!name || (option !== "-" && !productOptions.includes(option as ProductOption))) {
    throw new Error(`catalog-words: bad sub-category header "${header}"`);
  }
  return {
    name,
    option: option === "-" ? null : (option as ProductOption),
    kinds: lines.map((line) => parseKind(line, defaultColors)),
  };
}

function parseKind(line: string, defaultColors: ColorSetName): ProductKindWords {
  const [illustration = "", noun = "", price = "", colorSet = "", pattern = ""] = line.split("|").map((cell) => cell.trim());
  const [min, max] = price.split("-").map(Number);
  if (!(illustration in illustrations) || !noun || !min || !max || !pattern) {
    throw new Error(`catalog-words: bad kind "${line}"`);
  }
  const setName = (colorSet === "-" ? defaultColors : colorSet) as ColorSetName;
  if (!(setName in colorSets)) throw new Error(`catalog-words: unknown colour set "${colorSet}"`);
  return {
    illustration: illustration as Illustration,
    noun,
    priceRupees: [min, max] as const,
    colors: parseColors(colorSets[setName]),
    nameSlots: pattern.split("+").map((slot) => slot.split("/").map((alternative) => alternative.trim())),
  };
}

export function defineCategory({ colorSet, accents, subCategories, ...rest }: CategoryInput): CategoryWords {
  return {
    ...rest,
    accents: accents ?? defaultAccents,
    subCategories: subCategories.map((table) => parseSubCategory(table, colorSet)),
  };
}
