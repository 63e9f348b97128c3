import { z } from "zod";
import { catalogAdminMessages as m } from "#shared/back-office-messages.ts";
import { bannerKindValues } from "#shared/banner-kinds.ts";
import { SHOP_TIME_ZONE } from "#shared/dates.ts";
import { isStoredImageName } from "#shared/images.ts";
import { reasonField } from "./back-office.ts";
import { safeText } from "./text.ts";

export { bannerKindLabels, bannerKindValues } from "#shared/banner-kinds.ts";

// Categories and banners: the forms of /admin and the bodies of /api/admin, parsed alike (decision 031).

const id = z.uuid({ error: m.idInvalid });
/** "" or absent is none. */
const optionalId = z
  .union([z.literal("").transform(() => null), id])
  .nullish()
  .transform((value) => value ?? null);

export const categoryName = safeText({ name: "Name", error: m.categoryNameBlank })
  .trim()
  .min(1, { error: m.categoryNameBlank })
  .max(60, { error: m.categoryNameTooLong });

export const hexColor = z
  .string({ error: m.colorInvalid })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: m.colorInvalid })
  .transform((value) => value.toLowerCase());

/** A picture's stored file name, or none ("" or absent). */
export const pictureField = z
  .string({ error: m.pictureInvalid })
  .trim()
  .refine((value) => value === "" || isStoredImageName(value), { error: m.pictureInvalid })
  .nullish()
  .transform((value) => value || null);

export const categoryCreateForm = z.object({
  name: categoryName,
  color: hexColor.default("#f3f4f6"),
  image: pictureField,
  parentId: optionalId,
  reason: reasonField,
});

export const categoryUpdateForm = z.object({
  name: categoryName,
  color: hexColor,
  image: pictureField,
  reason: reasonField,
});

export const directionForm = z.object({ direction: z.enum(["up", "down"], { error: m.directionInvalid }) });

export const categoryOrderBody = z.object({ parentId: optionalId, ids: z.array(id).min(1).max(500), reason: reasonField });

export const moveProductsForm = z.object({ from: id, to: id, reason: reasonField });

export const reasonOnlyForm = z.object({ reason: reasonField });

const bannerKind = z.enum(bannerKindValues, { error: m.bannerKindInvalid });
const altField = safeText({ name: "Alt text" }).trim().max(200, { error: m.altTooLong }).default("");

/** Window ends after it starts; either end may be open. */
function windowInOrder(banner: { startsAt: Date | null; endsAt: Date | null }) {
  return !banner.startsAt || !banner.endsAt || banner.endsAt > banner.startsAt;
}

function bannerSchema(time: z.ZodType<Date | null, unknown>) {
  return z
    .object({
      kind: bannerKind,
      image: pictureField.refine((value) => value !== null, { error: m.bannerPictureRequired }),
      alt: altField,
      /** A category or a sub-category; none: the banner links nowhere. */
      link: optionalId,
      startsAt: time,
      endsAt: time,
      reason: reasonField,
    })
    .refine(windowInOrder, { error: m.windowBackwards, path: ["endsAt"] });
}

/** The API's times: ISO 8601 with an offset (`2026-12-01T10:00:00+05:30`), or null. */
const isoTime = z
  .union([z.null(), z.literal("").transform(() => null), z.iso.datetime({ offset: true, error: m.dateInvalid })])
  .optional()
  .transform((value) => (value ? new Date(value) : null));

/** The form's times: `<input type="datetime-local">` read as the shop's wall clock (SHOP_TIME_ZONE). */
const shopLocalTime = z
  .string({ error: m.dateInvalid })
  .trim()
  .optional()
  .transform((value, context) => {
    if (!value) return null;
    const date = fromShopLocal(value);
    if (!date) context.addIssue({ code: "custom", message: m.dateInvalid });
    return date ?? null;
  });

export const bannerBody = bannerSchema(isoTime as z.ZodType<Date | null, unknown>);
export const bannerForm = bannerSchema(shopLocalTime as z.ZodType<Date | null, unknown>);
export type BannerInput = z.output<typeof bannerBody>;

export const bannerOrderBody = z.object({ kind: bannerKind, ids: z.array(id).min(1).max(200), reason: reasonField });

const LOCAL = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d))?$/;

/** Minutes the shop's clock is ahead of UTC at `date`. */
function shopOffsetMinutes(date: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: SHOP_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
  return Math.round((wall - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
}

/** `2026-12-01T10:00` on the shop's clock as an instant; undefined when it is no such time. */
export function fromShopLocal(value: string): Date | undefined {
  const match = LOCAL.exec(value);
  if (!match) return undefined;
  const [year = 0, month = 1, day = 0, hour = 0, minute = 0, second = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(asUtc);
  if (back.getUTCDate() !== day || back.getUTCHours() !== hour || back.getUTCMinutes() !== minute) return undefined;
  return new Date(asUtc - shopOffsetMinutes(new Date(asUtc)) * 60_000);
}

/** An instant as the value of a `datetime-local` input on the shop's clock. */
export function toShopLocal(date: Date): string {
  const shifted = new Date(date.getTime() + shopOffsetMinutes(date) * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** A revert of one history event: `confirm` overwrites later changes of the same fields. */
export const revertBody = z
  .object({ confirm: z.boolean().default(false), reason: reasonField })
  .default({ confirm: false, reason: undefined });
