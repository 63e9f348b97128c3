// A GSTIN: state code (2 digits), the holder's PAN (5 letters, 4 digits, a letter), the entity number, "Z", and a
// check character computed over the first 14 characters (Luhn mod 36).

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character the first 14 characters of a GSTIN call for. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = ALPHABET.indexOf(first14[i] ?? "") * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36] ?? "";
}

export type GstinProblem = "shape" | "check";

/** Why `gstin` (upper case, no spaces) is not a GSTIN, or undefined when it is one. */
export function gstinProblem(gstin: string): GstinProblem | undefined {
  if (!SHAPE.test(gstin)) return "shape";
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14] ? undefined : "check";
}
