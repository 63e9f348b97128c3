import type { BannerKind, banners, categories } from "../schema/catalog.ts";
import { catalogWords } from "./catalog-words.ts";
import { buildProduct, type ProductLook, type ProductRow, type ReviewRow, type SubCategoryPlace } from "./demo-products.ts";
import { BANNER_IMAGE_SIZES, CATEGORY_IMAGE_SIZE, type ImageSpec, pictureFileName } from "./image-specs.ts";
import { createRandom, deriveSeed, type Random } from "./random.ts";
import { deterministicId } from "./stable-ids.ts";
import type { CategoryWords, ProductKindWords } from "./word-table.ts";

export type CategoryRow = typeof categories.$inferInsert;
export type BannerRow = typeof banners.$inferInsert;
export type { ProductRow, ReviewRow };

/** Rows ready for Drizzle inserts (parents before children) and the pictures they name. */
export interface DemoCatalog {
  categories: CategoryRow[];
  products: ProductRow[];
  banners: BannerRow[];
  reviews: ReviewRow[];
  images: ImageSpec[];
}

export const DEFAULT_PRODUCT_COUNT = 320;
export const DEFAULT_DEMO_SEED = 20_260_101;

/** Categories and banners predate every product, however large the catalogue (products go back ~20 minutes each). */
const CATALOG_CREATED_AT = Date.UTC(2022, 0, 1);
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const bannerPlan: [BannerKind, number][] = [
  ["home", 4],
  ["row", 3],
  ["side", 2],
  ["bottom", 3],
];
const bannerHeadlines = [
  "Up to 40% off",
  "New arrivals",
  "Mega deals",
  "Flat 25% off",
  "Best sellers",
  "Under Rs 999",
  "Festive offers",
  "Buy 2 get 1",
  "Top rated",
  "Just launched",
  "Weekend sale",
  "Fresh picks",
];

/** Deterministic, ids and timestamps included; large catalogues stream the same rows from `planDemoCatalog`. */
export function buildDemoCatalog(options: { products?: number; seed?: number } = {}): DemoCatalog {
  const plan = planDemoCatalog(options);
  const products: ProductRow[] = [];
  const reviews: ReviewRow[] = [];
  const productImages: ImageSpec[] = [];
  for (const batch of plan.productBatches(DEFAULT_PRODUCT_COUNT)) {
    for (const product of batch.products) products.push(product);
    for (const review of batch.reviews) reviews.push(review);
    for (const image of batch.images) productImages.push(image);
  }
  return { categories: plan.categories, products, banners: plan.banners, reviews, images: [...plan.images, ...productImages] };
}

/** Consecutive products of the catalogue, with their reviews and the pictures they introduce (most introduce none). */
export interface DemoProductBatch {
  products: ProductRow[];
  reviews: ReviewRow[];
  images: ImageSpec[];
}

export interface DemoCatalogPlan {
  categories: CategoryRow[];
  banners: BannerRow[];
  /** The categories' and banners' pictures; the products' come with their batches, or all together from `pictures()`. */
  images: ImageSpec[];
  productCount: number;
  /** Each call starts from the first product. */
  productBatches(size: number): Generator<DemoProductBatch>;
  /** Every picture the catalogue names, without generating more products than those that have pictures of their own. */
  pictures(): ImageSpec[];
}

/** Products after the first DEFAULT_PRODUCT_COUNT reuse pictures in their sub-category: no more files than the demo. */
export function planDemoCatalog(options: { products?: number; seed?: number } = {}): DemoCatalogPlan {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const productCount = options.products ?? DEFAULT_PRODUCT_COUNT;
  // Categories and banners draw from one stream first; each product has a stream of its own (buildProduct).
  const random = createRandom(seed);
  const { rows: categoryRows, places, images: categoryImages } = buildCategories(random);
  const bannerBuild = buildBanners(places, random);

  function* productBatches(size: number, count = productCount): Generator<DemoProductBatch> {
    if (!(Number.isInteger(size) && size > 0)) throw new Error(`productBatches: batch size must be positive, got ${size}`);
    const looks: ProductLook[] = [];
    let batch: DemoProductBatch = { products: [], reviews: [], images: [] };
    for (let index = 0; index < count; index++) {
      const place = places[index % places.length] as SubCategoryPlace;
      // The default products take their sub-category's kinds in turn, so that every kind has pictures to reuse.
      const round = Math.floor(index / places.length);
      const look =
        index < DEFAULT_PRODUCT_COUNT
          ? { kind: place.words.kinds[round % place.words.kinds.length] as ProductKindWords }
          : (looks[earlierProductOfSamePlace(seed, index, places.length)] as ProductLook);
      const built = buildProduct(seed, index, place, look);
      batch.products.push(built.product);
      for (const review of built.reviews) batch.reviews.push(review);
      for (const image of built.images) batch.images.push(image);
      if (index < DEFAULT_PRODUCT_COUNT) looks.push(built.look);
      if (batch.products.length === size) {
        yield batch;
        batch = { products: [], reviews: [], images: [] };
      }
    }
    if (batch.products.length > 0) yield batch;
  }

  return {
    categories: categoryRows,
    banners: bannerBuild.rows,
    images: [...categoryImages, ...bannerBuild.images],
    productCount,
    productBatches: (size) => productBatches(size),
    pictures: () => {
      const withOwnPictures = Math.min(productCount, DEFAULT_PRODUCT_COUNT);
      const productImages =
        withOwnPictures > 0 ? [...productBatches(withOwnPictures, withOwnPictures)].flatMap((b) => b.images) : [];
      return [...categoryImages, ...bannerBuild.images, ...productImages];
    },
  };
}

/** Index of one of the first DEFAULT_PRODUCT_COUNT products that sits in the same sub-category as product `index`. */
function earlierProductOfSamePlace(seed: number, index: number, placeCount: number): number {
  const place = index % placeCount;
  const candidates = Math.floor((DEFAULT_PRODUCT_COUNT - 1 - place) / placeCount) + 1;
  return place + placeCount * (deriveSeed(seed ^ 0x5eed, index) % candidates);
}

function buildCategories(random: Random): { rows: CategoryRow[]; places: SubCategoryPlace[]; images: ImageSpec[] } {
  const parents: CategoryRow[] = [];
  const children: CategoryRow[] = [];
  const places: SubCategoryPlace[] = [];
  const images: ImageSpec[] = [];
  catalogWords.forEach((category, position) => {
    const createdAt = new Date(CATALOG_CREATED_AT + position * MINUTE_MS);
    const id = deterministicId(createdAt, random);
    const drawn = {
      ...CATEGORY_IMAGE_SIZE,
      illustration: category.icon,
      color: category.iconColor,
      accent: category.accents[0] ?? category.iconColor,
    };
    const fileName = pictureFileName(`c-${category.slug}`, drawn);
    parents.push({ id, name: category.name, color: category.color, images: [fileName], parentId: null, position, createdAt });
    images.push({ kind: "category", fileName, ...drawn });
    category.subCategories.forEach((words, subPosition) => {
      const subCreatedAt = new Date(createdAt.getTime() + (subPosition + 1) * 1000);
      const subId = deterministicId(subCreatedAt, random);
      children.push({
        id: subId,
        name: words.name,
        color: category.color,
        images: [],
        parentId: id,
        position: subPosition,
        createdAt: subCreatedAt,
      });
      places.push({ id: subId, catId: id, category, words });
    });
  });
  return { rows: [...parents, ...children], places, images };
}

function buildBanners(places: SubCategoryPlace[], random: Random): { rows: BannerRow[]; images: ImageSpec[] } {
  const rows: BannerRow[] = [];
  const images: ImageSpec[] = [];
  const categoryOrder = random.shuffle(catalogWords.map((_, position) => position));
  const headlines = random.shuffle(bannerHeadlines);
  let count = 0;
  for (const [bannerKind, perKind] of bannerPlan) {
    for (let position = 0; position < perKind; position++, count++) {
      const category = catalogWords[categoryOrder[count % categoryOrder.length] ?? 0] as CategoryWords;
      const categoryPlaces = places.filter((place) => place.category === category);
      const catId = (categoryPlaces[0] as SubCategoryPlace).catId;
      // Every other banner links to a sub-category, the rest to the category (spec §2: both kinds of link exist).
      const sub = position % 2 === 0 ? random.pick(categoryPlaces) : null;
      const createdAt = new Date(CATALOG_CREATED_AT + DAY_MS + count * MINUTE_MS);
      // The sub-category's own kinds first, then the rest of the category's, one picture per kind.
      const kinds = [
        ...random.shuffle(sub?.words.kinds ?? []),
        ...random.shuffle(categoryPlaces.flatMap((place) => place.words.kinds)),
      ];
      const shown = kinds.filter((kind, i) => kinds.findIndex((other) => other.illustration === kind.illustration) === i);
      const drawn = {
        ...BANNER_IMAGE_SIZES[bannerKind],
        bannerKind,
        headline: headlines[count % headlines.length] ?? "",
        caption: sub ? `${category.name} / ${sub.words.name}` : category.name,
        background: category.color,
        highlight: category.iconColor,
        items: shown.slice(0, bannerKind === "side" || bannerKind === "row" ? 2 : 3).map((kind) => ({
          illustration: kind.illustration,
          color: random.pick(kind.colors).hex,
          accent: random.pick(category.accents),
        })),
      };
      const fileName = pictureFileName(`b-${bannerKind}-${position + 1}`, drawn);
      images.push({ kind: "banner", fileName, ...drawn });
      rows.push({
        id: deterministicId(createdAt, random),
        kind: bannerKind,
        images: [fileName],
        catId,
        subCatId: sub?.id ?? null,
        position,
        createdAt,
      });
    }
  }
  return { rows, images };
}
