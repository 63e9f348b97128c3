import { IMAGE_WIDTHS } from "#shared/constants.ts";

/** Stored images are served by the shop under /download/{file} (spec §3). */
export function imageUrl(file: string): string {
  return `/download/${file}`;
}

/**
 * A `srcset` of the server's narrower copies (`/download/{file}?w=`) up to the picture's own width, which is the last
 * candidate: with `sizes`, the browser fetches the smallest copy that is sharp at the shopper's width and pixel density.
 */
export function imageSrcSet(file: string, intrinsicWidth: number): string {
  const url = imageUrl(file);
  const narrower = IMAGE_WIDTHS.filter((width) => width < intrinsicWidth).map((width) => `${url}?w=${width} ${width}w`);
  return [...narrower, `${url} ${intrinsicWidth}w`].join(", ");
}
