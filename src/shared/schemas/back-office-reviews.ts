import { z } from "zod";
import { reviewModerationMessages as m, reviewReportMessages } from "#shared/messages/back-office-reviews.ts";
import { reasonField } from "./back-office.ts";
import { safeText } from "./text.ts";

// The moderation queue's query, its hide and unhide forms (/admin/reviews and /api/admin/reviews alike), and a
// shopper's report.

export const REVIEW_QUEUE_SORTS = ["newest", "lowest", "reported"] as const;
export const REVIEW_QUEUE_STATUSES = ["all", "visible", "hidden"] as const;
export const REVIEW_QUEUE_PAGE = 25;

export const reviewQueueQuery = z.object({
  sort: z.enum(REVIEW_QUEUE_SORTS).catch("newest").default("newest"),
  status: z.enum(REVIEW_QUEUE_STATUSES).catch("all").default("all"),
  /** Keyset: the id of the last review of the previous page. */
  after: z.uuid({ error: m.cursorInvalid }).optional(),
  /** Keyset backwards: the id of the first review of the next page. */
  before: z.uuid({ error: m.cursorInvalid }).optional(),
});
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuery>;

export const hideReviewForm = z.object({
  reason: safeText({ name: "Reason", error: m.reasonRequired })
    .trim()
    .min(1, { error: m.reasonRequired })
    .max(500, { error: reviewReportMessages.reasonTooLong }),
});

export const unhideReviewForm = z.object({ reason: reasonField });

export const reportReviewForm = z.object({
  reason: safeText({ name: "Reason" })
    .trim()
    .max(500, { error: reviewReportMessages.reasonTooLong })
    .optional()
    .transform((value) => value ?? ""),
});
