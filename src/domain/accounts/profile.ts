import { eq } from "drizzle-orm";
import { withTransaction } from "#db/client.ts";
import { users } from "#db/schema/accounts.ts";
import { accountErrors, accountMessages } from "#shared/messages.ts";
import { AppError } from "../errors.ts";
import { consumeWrite } from "../rate-limit/policies.ts";
import { type AccountInternals, toAccount } from "./internals.ts";
import type { Account } from "./types.ts";

export interface ProfileInput {
  userId: string;
  name: string;
  phone: string;
  /** The caller's own uploads, pending or saved; omitted: the current photos stay. */
  images?: readonly string[] | undefined;
  /** A new photo, saved as the profile's only one. */
  photo?: Uint8Array | undefined;
}

/** Name, phone and photo; the e-mail is read-only. */
export function createProfile(internals: AccountInternals) {
  const { db, now, uploads } = internals;

  return {
    async getProfile(userId: string): Promise<Account> {
      return toAccount(await internals.getUser(userId));
    },

    /** A profile needs a photo: without one it is refused with the spec's "Please fill all the details". */
    async saveProfile(input: ProfileInput): Promise<Account> {
      const { userId, photo } = input;
      await consumeWrite(internals.limiter, "profile", { account: userId });
      const kept = input.images ?? (photo ? [] : (await internals.getUser(userId)).images);
      if (!photo && kept.length === 0) throw new AppError("BAD_REQUEST", accountMessages.fillAll);
      const images = photo ? [(await uploads.upload({ userId, data: photo })).fileName] : [...new Set(kept)];
      return withTransaction(db, async (tx) => {
        await uploads.markSaved(tx, { userId, fileNames: images });
        const [user] = await tx
          .update(users)
          .set({ name: input.name, phone: input.phone, images, updatedAt: now() })
          .where(eq(users.id, userId))
          .returning();
        if (!user) throw new AppError("NOT_FOUND", accountErrors.noAccount);
        return toAccount(user);
      });
    },
  };
}
