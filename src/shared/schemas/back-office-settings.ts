import { z } from "zod";
import { gstinProblem } from "#shared/gstin.ts";
import { findIndianState, indianStates } from "#shared/indian-states.ts";
import { shopSettingsMessages as m } from "#shared/messages/back-office-invoices.ts";
import { reasonField } from "./back-office.ts";
import { safeText } from "./text.ts";

// The shop's settings: the /admin/settings form and the body of PUT /api/admin/settings, parsed alike.

const stateNames = indianStates.map((state) => state.name) as [string, ...string[]];

export const shopSettingsForm = z
  .object({
    shopName: safeText({ name: "Shop name", error: m.shopNameBlank })
      .trim()
      .min(1, { error: m.shopNameBlank })
      .max(100, { error: m.shopNameTooLong }),
    /** Lines separated by newlines; blank lines and trailing spaces dropped. */
    address: safeText({ name: "Address" })
      .max(500, { error: m.addressTooLong })
      .transform((value) =>
        value
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean)
          .join("\n"),
      ),
    state: z.enum(stateNames, { error: m.stateInvalid }),
    gstin: safeText({ name: "GSTIN" })
      .transform((value) => value.replace(/\s+/g, "").toUpperCase())
      .superRefine((value, context) => {
        const problem = value === "" ? undefined : gstinProblem(value);
        if (problem) context.addIssue({ code: "custom", message: problem === "shape" ? m.gstinShape : m.gstinCheck });
      })
      .default(""),
    lowStockThreshold: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z.coerce
        .number({ error: m.thresholdInvalid })
        .int({ error: m.thresholdInvalid })
        .min(0, { error: m.thresholdInvalid })
        .max(1_000_000, { error: m.thresholdInvalid }),
    ),
    reason: reasonField,
  })
  .superRefine((settings, context) => {
    const state = findIndianState(settings.state);
    if (settings.gstin !== "" && state && !settings.gstin.startsWith(state.code)) {
      context.addIssue({ code: "custom", path: ["gstin"], message: m.gstinState(state.name, state.code) });
    }
  });

export type ShopSettingsInput = z.output<typeof shopSettingsForm>;
