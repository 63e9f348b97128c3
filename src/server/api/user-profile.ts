import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "#domain/errors.ts";
import type { Services } from "#domain/services.ts";
import { storedImageName } from "#shared/images.ts";
import { accountMessages, uploadMessages } from "#shared/messages.ts";
import { changePasswordForm, profileForm } from "#shared/schemas/accounts.ts";
import { idParam } from "#shared/schemas/catalog.ts";
import { createPresenters } from "./present.ts";
import { ownAccount, parse, requester, validatedInRoute } from "./route-support.ts";
import { userErrors as errors, userJson } from "./user-schemas.ts";

/** Your own profile and password by the contract's `/user/{id}` paths; another id is 403 (decision 006). */
export const userProfileApi: FastifyPluginAsyncZod<{ services: Services; publicUrl: string }> = async (
  app,
  { services, publicUrl },
) => {
  const { accounts, uploads } = services;
  const present = createPresenters(publicUrl);
  const tags = ["User"];

  app.put(
    "/user/changePassword/:id",
    {
      ...validatedInRoute,
      schema: {
        tags,
        summary: "Change the password (old one checked); the account's other sessions end",
        params: z.object({ id: idParam("User id") }),
        body: z.object({ password: z.string(), newPass: z.string(), confirmPass: z.string().optional() }),
        response: { 200: z.object({ error: z.literal(false), msg: z.string() }), ...errors },
      },
    },
    async (request) => {
      const user = ownAccount(request, request.params.id);
      const body = (request.body ?? {}) as Record<string, unknown>;
      // The contract sends the old password as `password` and may leave out confirmPass.
      const form = parse(changePasswordForm, {
        oldPassword: body.oldPassword ?? body.password,
        newPass: body.newPass,
        confirmPass: body.confirmPass ?? body.newPass,
      });
      await accounts.changePassword({
        userId: user.id,
        sessionId: request.session?.id,
        oldPassword: form.oldPassword,
        newPassword: form.newPass,
      });
      return { error: false as const, msg: accountMessages.passwordChanged };
    },
  );

  app.get(
    "/user/:id",
    {
      schema: {
        tags,
        summary: "Your own profile (another id: 403)",
        params: z.object({ id: idParam("User id") }),
        response: { 200: userJson.extend({ error: z.literal(false) }), ...errors },
      },
    },
    async (request) => {
      const user = ownAccount(request, request.params.id);
      return { error: false as const, ...present.account(await accounts.getProfile(user.id)) };
    },
  );

  app.put(
    "/user/:id",
    {
      ...validatedInRoute,
      schema: {
        tags,
        summary:
          "Update your profile: name, phone, images (names or URLs of your uploads; null and empty entries are ignored, " +
          "none keeps the current photo); e-mail is read-only. Claims this requester's staged photos first",
        params: z.object({ id: idParam("User id") }),
        body: profileForm.extend({ images: z.array(z.string().nullable()) }),
        response: { 200: userJson.extend({ error: z.literal(false), msg: z.string() }), ...errors },
      },
    },
    async (request) => {
      const user = ownAccount(request, request.params.id);
      const form = parse(profileForm, request.body);
      const raw = (request.body as { images?: unknown } | undefined)?.images;
      // The original client sends `[null]` (its preview of a profile without a photo) and may send empty entries.
      const given = (Array.isArray(raw) ? raw : []).filter((value) => value !== null && value !== "");
      const named = given.map((value) => (typeof value === "string" ? storedImageName(value) : undefined));
      const images = named.filter((name) => name !== undefined);
      if (images.length !== named.length) throw new AppError("BAD_REQUEST", uploadMessages.notUploadNames);
      // A photo uploaded without the token (the original client) becomes this account's pending upload first.
      await uploads.claimStaged({ userId: user.id, requester: requester(request) });
      // No image keeps the stored photo; the service refuses a profile that would then have none (spec's message).
      const updated = await accounts.saveProfile({
        userId: user.id,
        name: form.name,
        phone: form.phone,
        images: images.length > 0 ? images : undefined,
      });
      return { error: false as const, msg: accountMessages.userUpdated, ...present.account(updated) };
    },
  );
};
