/** Cuts `text` to `max` characters and adds an ellipsis when it was longer (spec: names 20, cart titles 30...). */
export function truncate(text: string, max: number, ellipsis = "..."): string {
  return text.length > max ? `${text.slice(0, max)}${ellipsis}` : text;
}
