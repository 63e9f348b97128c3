import { and, eq, inArray } from "drizzle-orm";
import { withTransaction } from "#db/client.ts";
import { uploads, users } from "#db/schema/accounts.ts";
import { AppError } from "../errors.ts";
import { type AccountInternals, accountErrors, toAccount } from "./internals.ts";
import type { Account } from "./types.ts";

/** The account's own profile: name, phone and photo (the e-mail is read-only). */
export function createProfile(internals: AccountInternals) {
  const { db, now } = internals;

  return {
    async getProfile(userId: string): Promise<Account> {
      return toAccount(await internals.getUser(userId));
    },

    /**
     * Name, phone and photo (e-mail is read-only). `images` must be the caller's own uploads (pending or already on the
     * profile); saving them takes them out of the pending list.
     */
    async updateProfile(input: { userId: string; name: string; phone: string; images: string[] }): Promise<Account> {
      const images = [...new Set(input.images)];
      return withTransaction(db, async (tx) => {
        if (images.length > 0) {
          const owned = await tx
            .select({ fileName: uploads.fileName })
            .from(uploads)
            .where(and(eq(uploads.userId, input.userId), inArray(uploads.fileName, images)));
          if (owned.length !== images.length) throw new AppError("BAD_REQUEST", accountErrors.unknownImage);
          await tx
            .update(uploads)
            .set({ pending: false })
            .where(and(eq(uploads.userId, input.userId), inArray(uploads.fileName, images)));
        }
        const [user] = await tx
          .update(users)
          .set({ name: input.name, phone: input.phone, images, updatedAt: now() })
          .where(eq(users.id, input.userId))
          .returning();
        if (!user) throw new AppError("NOT_FOUND", accountErrors.noAccount);
        return toAccount(user);
      });
    },
  };
}
