import { ratingFromReviews } from "#shared/ratings.ts";
import type { products } from "../schema/catalog.ts";
import type { reviews } from "../schema/reviews.ts";
import { type ImageSpec, PRODUCT_IMAGE_SIZE, pictureFileName } from "./image-specs.ts";
import { createRandom, deriveSeed, type Random } from "./random.ts";
import { generalFeatures, reviewerNames, reviewSentences } from "./review-words.ts";
import { deterministicId } from "./stable-ids.ts";
import type { CategoryWords, NamedColor, ProductKindWords, SubCategoryWords } from "./word-table.ts";

export type ProductRow = typeof products.$inferInsert;
export type ReviewRow = typeof reviews.$inferInsert;

/** Demo GST rate (basis points) and HSN heading by top category: close to India's rates, not tax advice. */
const DEMO_TAX: Record<string, { rate: number; hsn: string }> = {
  Fashion: { rate: 1200, hsn: "6109" },
  Electronics: { rate: 1800, hsn: "8517" },
  Bags: { rate: 1800, hsn: "4202" },
  Footwear: { rate: 1200, hsn: "6403" },
  Groceries: { rate: 500, hsn: "2106" },
  Beauty: { rate: 1800, hsn: "3304" },
  Wellness: { rate: 1200, hsn: "3004" },
  Jewellery: { rate: 300, hsn: "7113" },
  "Home & Kitchen": { rate: 1200, hsn: "7323" },
};

export interface SubCategoryPlace {
  id: string;
  catId: string;
  category: CategoryWords;
  words: SubCategoryWords;
}

/** What a later product of a large catalogue borrows from an earlier one so that no new pictures are needed. */
export interface ProductLook {
  kind: ProductKindWords;
  color: NamedColor;
  images: string[];
}

export interface BuiltProduct {
  product: ProductRow;
  reviews: ReviewRow[];
  images: ImageSpec[];
  look: ProductLook;
}

/** Product i is created before product i-1: listings, newest first, start with the first products. */
const PRODUCTS_NEWEST_AT = Date.UTC(2026, 0, 1);
const PRODUCT_SPACING_MS = 20 * 60_000;
const DAY_MS = 86_400_000;

/** Country names as the countries service spells them; products are sold in a few of them. */
export const demoCountries = [
  "India",
  "United States",
  "United Kingdom",
  "Canada",
  "Australia",
  "Germany",
  "France",
  "Japan",
  "Singapore",
  "United Arab Emirates",
  "Bangladesh",
  "Nepal",
  "Sri Lanka",
] as const;

const optionValues = {
  ram: ["4GB", "6GB", "8GB", "12GB"],
  "clothing-size": ["S", "M", "L", "XL", "XXL"],
  "shoe-size": ["6", "7", "8", "9", "10"],
  weight: ["250g", "500g", "1kg", "2kg"],
} as const;

/** How good a product is: its reviews' ratings lean to 3.5–5, as on a real shop. */
const ratingWeights: [number, number][] = [
  [5, 14],
  [4.5, 24],
  [4, 26],
  [3.5, 16],
  [3, 8],
  [2.5, 5],
  [2, 3],
  [1.5, 2],
  [1, 1],
  [0.5, 1],
];

/**
 * Product `index` has a random stream of its own, so the first products of any catalogue size are the same. Given a
 * `look`, it reuses that earlier product's pictures and colour instead of describing new ones.
 */
export function buildProduct(
  seed: number,
  index: number,
  place: SubCategoryPlace,
  look: ProductLook | { kind: ProductKindWords },
): BuiltProduct {
  const random = createRandom(deriveSeed(seed, index));
  const { kind } = look;
  const reused = "images" in look ? look : null;
  const color = reused?.color ?? random.pick(kind.colors);
  const accent = random.pick(place.category.accents);
  const brand = random.pick(place.category.brands);
  const name = buildName(kind, color, random);
  const createdAt = new Date(PRODUCTS_NEWEST_AT - (index + 1) * PRODUCT_SPACING_MS + random.int(0, PRODUCT_SPACING_MS - 1));
  const id = deterministicId(createdAt, random);

  const priceRupees = pickPrice(kind.priceRupees, random);
  const oldPriceRupees = random.chance(0.88) ? markUp(priceRupees, random) : null;
  const quality = random.weighted(ratingWeights);
  const productReviews = random.chance(0.4) ? buildReviews(id, createdAt, quality, random) : [];
  // The catalogue's own rule (src/shared/ratings.ts): the product's rating is its reviews' rounded average, 0 without any.
  const rating = ratingFromReviews({
    total: productReviews.reduce((sum, review) => sum + review.customerRating, 0),
    count: productReviews.length,
  });

  const images = reused ? { names: reused.images, specs: [] } : buildImageSpecs(id, kind, color.hex, accent, place, random);
  const option = place.words.option;
  const pickOptions = (kindOfOption: keyof typeof optionValues, min: number, max: number) =>
    option === kindOfOption ? contiguousRun(optionValues[kindOfOption], random.int(min, max), random) : [];

  const product: ProductRow = {
    id,
    name,
    brand,
    description: buildDescription(kind, name, brand, color, place.category, random),
    images: images.names,
    pricePaise: priceRupees * 100,
    oldPricePaise: oldPriceRupees === null ? null : oldPriceRupees * 100,
    discount: oldPriceRupees === null ? 0 : Math.round(((oldPriceRupees - priceRupees) / oldPriceRupees) * 100),
    rating,
    countInStock: random.chance(0.08) ? 0 : random.int(1, 200),
    catId: place.catId,
    subCatId: place.id,
    productRam: pickOptions("ram", 1, 3),
    size: [...pickOptions("clothing-size", 3, 5), ...pickOptions("shoe-size", 3, 5)],
    productWeight: pickOptions("weight", 1, 3),
    locations: pickLocations(random),
    isFeatured: random.chance(0.12),
    // Deterministic like the rest of the demo catalogue (docs/architecture.md, invariant 9), unique by position.
    sku: `DEMO-${String(index + 1).padStart(7, "0")}`,
    taxRateBasisPoints: DEMO_TAX[place.category.name]?.rate ?? 1800,
    hsnCode: DEMO_TAX[place.category.name]?.hsn ?? "",
    createdAt,
    updatedAt: createdAt,
  };
  return { product, reviews: productReviews, images: images.specs, look: { kind, color, images: images.names } };
}

function buildName(kind: ProductKindWords, color: NamedColor, random: Random): string {
  const colorName = color.name.replace(/\b\w/g, (letter) => letter.toUpperCase());
  return kind.nameSlots
    .map((slot) => random.pick(slot))
    .filter((word) => word !== "")
    .join(" ")
    .replaceAll("{Color}", colorName);
}

/** Log-uniform, so cheap items are common and expensive ones rarer, as in a real range. */
function pickPrice([min, max]: readonly [number, number], random: Random): number {
  const rupees = Math.exp(Math.log(min) + random.next() * (Math.log(max) - Math.log(min)));
  return Math.min(max, Math.max(min, roundToNine(rupees)));
}

function roundToNine(rupees: number): number {
  const step = rupees < 1000 ? 10 : rupees < 10_000 ? 100 : 1000;
  return Math.max(step, Math.round(rupees / step) * step) - 1;
}

function markUp(priceRupees: number, random: Random): number {
  const percentOff = random.weighted([
    [10, 3],
    [15, 3],
    [20, 4],
    [25, 3],
    [30, 3],
    [35, 2],
    [40, 2],
    [50, 1],
    [60, 1],
  ]);
  const oldPrice = roundToNine(priceRupees / (1 - percentOff / 100));
  return oldPrice > priceRupees ? oldPrice : priceRupees + 10;
}

const roundToHalf = (value: number) => Math.min(5, Math.max(0.5, Math.round(value * 2) / 2));

function contiguousRun<T>(values: readonly T[], length: number, random: Random): T[] {
  const start = random.int(0, values.length - length);
  return values.slice(start, start + length);
}

/** India on most products, so the default location shows a full shop; 2–6 countries in the list's order. */
function pickLocations(random: Random): string[] {
  const count = random.int(2, 6);
  const includeIndia = random.chance(0.85);
  const others = random.sample(demoCountries.slice(1), includeIndia ? count - 1 : count);
  const chosen = new Set<string>(includeIndia ? ["India", ...others] : others);
  return demoCountries.filter((country) => chosen.has(country));
}

function buildReviews(productId: string, productCreatedAt: Date, quality: number, random: Random): ReviewRow[] {
  const count = random.int(1, 4);
  const names = random.sample(reviewerNames, count);
  return names.map((customerName) => {
    const customerRating = roundToHalf(quality + random.pick([-1, -0.5, 0, 0, 0, 0.5]));
    const mood = customerRating >= 4 ? "happy" : customerRating >= 3 ? "mixed" : "unhappy";
    const createdAt = new Date(productCreatedAt.getTime() + random.int(DAY_MS / 24, 60 * DAY_MS));
    return {
      id: deterministicId(createdAt, random),
      productId,
      userId: null,
      customerName,
      review: random.sample(reviewSentences[mood], random.int(1, 3)).join(" "),
      customerRating,
      createdAt,
    };
  });
}

function buildDescription(
  kind: ProductKindWords,
  name: string,
  brand: string,
  color: NamedColor,
  category: CategoryWords,
  random: Random,
): string {
  const opener = random.pick([
    `${brand} brings you this ${kind.noun}, made for everyday use.`,
    `A dependable ${kind.noun} from ${brand}, at a price that makes sense.`,
    `Meet the ${name} from ${brand}.`,
    `${brand}'s best-selling ${kind.noun}, freshly restocked.`,
  ]);
  const features = random.sample(category.features, random.int(1, 2));
  const closing = random.chance(0.5) ? [random.pick(generalFeatures)] : [];
  return [opener, ...features, ...closing]
    .join(" ")
    .replaceAll("{brand}", brand)
    .replaceAll("{noun}", kind.noun)
    .replaceAll("{color}", color.name);
}

/** 2–5 pictures, mostly 3, each a different view of the product so that hovering a card changes the picture. */
function buildImageSpecs(
  productId: string,
  kind: ProductKindWords,
  color: string,
  accent: string,
  place: SubCategoryPlace,
  random: Random,
): { names: string[]; specs: ImageSpec[] } {
  const count = random.weighted([
    [2, 30],
    [3, 42],
    [4, 18],
    [5, 10],
  ]);
  // The id's random tail tells products apart; the hash in pictureFileName tells versions of a picture apart.
  const shortId = productId.replaceAll("-", "").slice(-12);
  const specs: ImageSpec[] = Array.from({ length: count }, (_, view) => {
    const drawn = {
      ...PRODUCT_IMAGE_SIZE,
      illustration: kind.illustration,
      color: view === 1 ? otherColorway(kind, color, random) : color,
      accent,
      background: place.category.color,
      view,
    };
    return { kind: "product", fileName: pictureFileName(`p-${shortId}-${view + 1}`, drawn), ...drawn };
  });
  return { names: specs.map((spec) => spec.fileName), specs };
}

/** The second picture shows another colour of the same product, where the kind comes in more than one. */
function otherColorway(kind: ProductKindWords, color: string, random: Random): string {
  const others = kind.colors.filter((candidate) => candidate.hex !== color);
  return others.length > 0 ? random.pick(others).hex : color;
}
