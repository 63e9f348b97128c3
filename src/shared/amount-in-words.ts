// An amount in words as Indian invoices write it: the Indian system (thousand, lakh, crore), in rupees and paise.

const ONES = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? "";
  const ones = n % 10;
  return ones === 0 ? (TENS[Math.floor(n / 10)] ?? "") : `${TENS[Math.floor(n / 10)]} ${ONES[ones]}`;
}

/** A whole number ≥ 0 in words; beyond 99 crore the crores are counted in the same system. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number of at least 0: ${n}`);
  if (n === 0) return "Zero";
  const parts: string[] = [];
  const crores = Math.floor(n / 10_000_000);
  if (crores > 0) parts.push(`${numberInWords(crores)} Crore`);
  let rest = n % 10_000_000;
  for (const [size, name] of [
    [100_000, "Lakh"],
    [1000, "Thousand"],
    [100, "Hundred"],
  ] as const) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(`${belowHundred(count)} ${name}`);
    rest %= size;
  }
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/** 12_000_050 paise → "Rupees One Lakh Twenty Thousand and Fifty Paise Only". */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`not an amount in paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const words = rest === 0 ? numberInWords(rupees) : `${numberInWords(rupees)} and ${belowHundred(rest)} Paise`;
  return `Rupees ${words} Only`;
}
