import { IMAGE_WIDTHS } from "#shared/constants.ts";
import { imageUrl } from "#shared/images.ts";

/** The server's narrower copies (`/download/{file}?w=`) up to the picture's own width; `sizes` lets the browser choose. */
export function imageSrcSet(file: string, intrinsicWidth: number): string {
  const url = imageUrl(file);
  const narrower = IMAGE_WIDTHS.filter((width) => width < intrinsicWidth).map((width) => `${url}?w=${width} ${width}w`);
  return [...narrower, `${url} ${intrinsicWidth}w`].join(", ");
}
