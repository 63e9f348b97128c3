import type { BannerKind } from "../schema/catalog.ts";
import type { Illustration } from "./illustrations.ts";

/**
 * What one generated picture shows. The catalogue builder decides these (pure data, so they are deterministic and
 * testable); images.ts turns them into WebP files. File names use only [a-z0-9-.] and are unique per picture.
 */
export type ImageSpec = ProductImageSpec | BannerImageSpec | CategoryImageSpec;

export interface ProductImageSpec {
  kind: "product";
  fileName: string;
  width: number;
  height: number;
  illustration: Illustration;
  /** The product's colour and a second colour for prints, labels, stones. */
  color: string;
  accent: string;
  background: string;
  /** 0 = front/hero, then other colourways, close-ups and angles, so the second picture differs from the first. */
  view: number;
}

export interface BannerImageSpec {
  kind: "banner";
  fileName: string;
  width: number;
  height: number;
  bannerKind: BannerKind;
  /** Short; the picture must still look right if no font renders it. */
  headline: string;
  caption: string;
  background: string;
  /** The category's stronger colour: caption and accents. */
  highlight: string;
  items: { illustration: Illustration; color: string; accent: string }[];
}

export interface CategoryImageSpec {
  kind: "category";
  fileName: string;
  width: number;
  height: number;
  illustration: Illustration;
  color: string;
  accent: string;
}

/** Product pictures are 3:4 portrait so the 300×400 card (spec §9) shows them whole. */
export const PRODUCT_IMAGE_SIZE = { width: 600, height: 800 } as const;
export const CATEGORY_IMAGE_SIZE = { width: 200, height: 200 } as const;
export const BANNER_IMAGE_SIZES: Record<BannerKind, { width: number; height: number }> = {
  home: { width: 1600, height: 600 },
  row: { width: 800, height: 400 },
  side: { width: 600, height: 900 },
  bottom: { width: 1600, height: 400 },
};

/** Bump when the drawings change: every picture then gets a new name, and the renderer draws it again. */
const PICTURE_STYLE_VERSION = 1;

/** `<prefix>-<hash of what is drawn>.webp`: the renderer skips existing files, so a changed picture needs a new name. */
export function pictureFileName(prefix: string, drawn: object): string {
  return `${prefix}-${hashText(`${PICTURE_STYLE_VERSION}:${JSON.stringify(drawn)}`).slice(0, 6)}.webp`;
}

/** A short stable hash of a string (FNV-1a, 32-bit), as 8 hex digits. */
function hashText(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}
