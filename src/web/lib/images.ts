import { IMAGE_WIDTHS } from "#shared/constants.ts";
import { imageUrl } from "#shared/images.ts";

/**
 * A `srcset` of the server's narrower copies (`/download/{file}?w=`) up to the picture's own width, which is the last
 * candidate: with `sizes`, the browser fetches the smallest copy that is sharp at the shopper's width and pixel density.
 */
export function imageSrcSet(file: string, intrinsicWidth: number): string {
  const url = imageUrl(file);
  const narrower = IMAGE_WIDTHS.filter((width) => width < intrinsicWidth).map((width) => `${url}?w=${width} ${width}w`);
  return [...narrower, `${url} ${intrinsicWidth}w`].join(", ");
}
