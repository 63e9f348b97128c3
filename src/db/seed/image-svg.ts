import { darken, lighten, mixColors, type Palette, paletteFor } from "./color.ts";
import { illustrations } from "./illustrations.ts";
import type { BannerImageSpec, CategoryImageSpec, ImageSpec, ProductImageSpec } from "./image-specs.ts";

/** Shapes only, except a banner's headline in `sans-serif`: without that font, a banner still reads as one. */
export function buildImageSvg(spec: ImageSpec): string {
  switch (spec.kind) {
    case "product":
      return productSvg(spec);
    case "banner":
      return bannerSvg(spec);
    case "category":
      return categorySvg(spec);
  }
}

const svgDocument = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

/** Places a 400×400 drawing with its centre at (x, y), `size` pixels wide. */
function placeDrawing(
  spec: { illustration: ProductImageSpec["illustration"] },
  palette: Palette,
  view: number,
  x: number,
  y: number,
  size: number,
  extra = "",
): string {
  const scale = size / 400;
  return `<g transform="translate(${x} ${y}) ${extra} scale(${scale}) translate(-200 -200)">${illustrations[spec.illustration](palette, view)}</g>`;
}

const shadow = (x: number, y: number, width: number) =>
  `<ellipse cx="${x}" cy="${y}" rx="${width / 2}" ry="${width / 14}" fill="#000000" opacity="0.08"/>`;

/** Per view, so a card's hover changes: 0 hero, 1 colourway mirrored, 2 close-up, 3 tilted on a disc, 4 a pair. */
function productSvg(spec: ProductImageSpec): string {
  const { width, height, background } = spec;
  const palette = paletteFor(spec.color, spec.accent);
  const top = lighten(background, 0.1);
  const bottom = lighten(background, 0.75);
  const variant = spec.view % 5;
  const backdrops = [
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${lighten(spec.color, 0.86)}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
    `<radialGradient id="bg" cx="0.5" cy="0.45" r="0.7"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${top}"/></radialGradient>`,
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${bottom}"/><stop offset="1" stop-color="${top}"/></linearGradient>`,
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(spec.accent, 0.85)}"/><stop offset="1" stop-color="${top}"/></linearGradient>`,
  ];
  const scenes = [
    () => `<circle cx="470" cy="130" r="90" fill="#ffffff" opacity="0.45"/><circle cx="90" cy="660" r="60" fill="#ffffff" opacity="0.4"/>
      ${shadow(300, 672, 420)}${placeDrawing(spec, palette, 0, 300, 410, 560)}`,
    () => `<rect x="0" y="560" width="${width}" height="240" fill="${lighten(spec.color, 0.75)}" opacity="0.6"/>
      ${shadow(300, 672, 420)}${placeDrawing(spec, palette, 1, 300, 410, 560, "scale(-1 1)")}`,
    () => `${placeDrawing(spec, palette, 0, 300, 420, 820)}
      <rect x="24" y="24" width="${width - 48}" height="${height - 48}" rx="24" fill="none" stroke="#ffffff" stroke-width="6" opacity="0.7"/>`,
    () => `<circle cx="300" cy="400" r="270" fill="${lighten(spec.accent, 0.7)}"/>
      ${shadow(300, 680, 380)}${placeDrawing(spec, palette, 2, 300, 400, 500, "rotate(-10)")}`,
    () => `${placeDrawing(spec, paletteFor(lighten(spec.color, 0.35), spec.accent), 3, 200, 320, 380, "rotate(-6)")}
      ${shadow(370, 700, 340)}${placeDrawing(spec, palette, 3, 370, 490, 440)}`,
  ];
  return svgDocument(
    width,
    height,
    `<defs>${backdrops[variant]}</defs><rect width="${width}" height="${height}" fill="url(#bg)"/>${scenes[variant]?.() ?? ""}`,
  );
}

/** Category tiles (200×200): the icon on a soft white disc over transparency; the page paints the tile colour. */
function categorySvg(spec: CategoryImageSpec): string {
  const palette = paletteFor(spec.color, spec.accent);
  const middle = spec.width / 2;
  return svgDocument(
    spec.width,
    spec.height,
    `<circle cx="${middle}" cy="${middle}" r="${middle * 0.92}" fill="#ffffff" opacity="0.6"/>${placeDrawing(spec, palette, 0, middle, middle, spec.width * 0.78)}`,
  );
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Font size at which `text` fits `width` pixels, assuming an average glyph of `glyphEm` em (bold sans-serif). */
const fitFontSize = (text: string, width: number, largest: number, glyphEm = 0.62) =>
  Math.round(Math.min(largest, width / (Math.max(1, text.length) * glyphEm)));

/** Banners: a headline block (caption, headline, "Shop now" button) beside or above the products it advertises. */
function bannerSvg(spec: BannerImageSpec): string {
  const { width, height } = spec;
  const tall = height > width;
  const ink = "#1f2937";
  const unit = tall ? width / 10 : height / 6;
  const textX = tall ? width * 0.1 : width * 0.06;
  const textWidth = tall ? width * 0.8 : width * 0.48 - textX;
  const textTop = tall ? height * 0.1 : height * 0.24;
  const caption = spec.caption.toUpperCase();
  const text = `
    <rect x="${textX}" y="${textTop}" width="${unit * 1.2}" height="${unit * 0.14}" rx="${unit * 0.07}" fill="${spec.highlight}"/>
    <text x="${textX}" y="${textTop + unit * 0.75}" font-family="sans-serif" font-size="${fitFontSize(caption, textWidth, unit * 0.36, 0.75)}"
      font-weight="700" letter-spacing="2" fill="${darken(spec.highlight, 0.15)}">${escapeXml(caption)}</text>
    <text x="${textX}" y="${textTop + unit * 1.85}" font-family="sans-serif" font-size="${fitFontSize(spec.headline, textWidth, unit * 0.9)}"
      font-weight="800" fill="${ink}">${escapeXml(spec.headline)}</text>
    <rect x="${textX}" y="${textTop + unit * 2.35}" width="${unit * 2.6}" height="${unit * 0.8}" rx="${unit * 0.4}" fill="${ink}"/>
    <text x="${textX + unit * 1.3}" y="${textTop + unit * 2.88}" text-anchor="middle" font-family="sans-serif"
      font-size="${Math.round(unit * 0.34)}" font-weight="700" fill="#ffffff">Shop now</text>`;

  // Products overlap a little, like a shop window: each is 1.6 times its share of the picture's right part.
  const count = Math.max(1, spec.items.length);
  const share = tall ? height * 0.22 : (width * 0.36) / count;
  const itemSize = Math.min(tall ? width * 0.5 : height * 0.78, share * 1.6);
  const items = spec.items.map((item, i) => {
    const palette = paletteFor(item.color, item.accent);
    const x = tall ? width * (i % 2 === 0 ? 0.36 : 0.64) : width * 0.58 + share * (i + 0.5);
    const y = tall ? height * 0.56 + share * i : height * (i % 2 === 0 ? 0.52 : 0.56);
    return `<circle cx="${x}" cy="${y}" r="${itemSize * 0.46}" fill="#ffffff" opacity="0.55"/>
      ${placeDrawing(item, palette, 0, x, y, itemSize * 0.78)}`;
  });
  const from = lighten(spec.background, 0.2);
  const to = mixColors(spec.background, spec.highlight, 0.22);
  return svgDocument(
    width,
    height,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="${tall ? 0 : 1}" y2="1"><stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#bg)"/>
    <circle cx="${width * (tall ? 0.9 : 0.95)}" cy="${height * (tall ? 0.42 : 0.1)}" r="${unit * 3}" fill="#ffffff" opacity="0.25"/>
    <circle cx="${width * 0.42}" cy="${height * 1.05}" r="${unit * 2}" fill="${spec.highlight}" opacity="0.12"/>
    ${text}${items.join("")}`,
  );
}
