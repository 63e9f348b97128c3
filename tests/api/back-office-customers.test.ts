import { eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oneTimeCodes, sessions, users } from "#db/schema/accounts.ts";
import { products } from "#db/schema/catalog.ts";
import { orders, refunds } from "#db/schema/orders.ts";
import { reviews } from "#db/schema/reviews.ts";
import { wishlistItems } from "#db/schema/wishlist.ts";
import { backOfficeMessages } from "#shared/back-office-messages.ts";
import { accountDataMessages } from "#shared/messages/account-data.ts";
import { customerAdminMessages } from "#shared/messages/back-office-customers.ts";
import { type AccountsTestApp, createAccountsTestApp, GOOD_PASSWORD, uniqueEmail } from "../support/accounts.ts";
import { createTestProduct, createTestUser } from "../support/builders.ts";
import { type OidcIssuer, startOidcIssuer } from "../support/oidc-issuer.ts";
import { insertTestOrder } from "../support/order-rows.ts";
import { requestPage } from "../support/pages.ts";
import { codeOf } from "../support/smtp-server.ts";
import { signedInAs } from "../support/staff.ts";
import { TEST_PUBLIC_URL } from "../support/test-app.ts";
import { solidPng } from "../support/uploads.ts";

// Issue 34, item 3: the back office's customers (list, page, block, export, erase) and the shopper's own export and
// erasure, through /api/admin, /api/user and the pages, with a real SMTP server and a local OpenID issuer for Google.
let t: AccountsTestApp;
let issuer: OidcIssuer;
let owner: Awaited<ReturnType<typeof signedInAs>>;
let staff: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  issuer = await startOidcIssuer();
  t = await createAccountsTestApp(
    { GOOGLE_CLIENT_ID: issuer.clientId, GOOGLE_ISSUER: issuer.issuer, OTP_RESEND_SECONDS: "1" },
    true,
  );
  owner = await signedInAs(t.app, "owner");
  staff = await signedInAs(t.app, "staff");
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

async function admin(method: "GET" | "POST", url: string, payload?: object, sid = owner.sid) {
  const response = await t.app.server.inject({
    method,
    url: `/api/admin${url}`,
    headers: { authorization: `Bearer ${sid}`, origin: TEST_PUBLIC_URL },
    ...(payload ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    body: response.body,
    json: () => response.json() as Record<string, unknown> & { msg?: string },
  };
}

const userRow = async (id: string) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0];
const liveSessions = async (id: string) => t.app.db.select().from(sessions).where(eq(sessions.userId, id));
const google = (payload: Record<string, unknown>) => t.call({ method: "POST", url: "/api/user/authWithGoogle", payload });
const tag = () => Math.random().toString(36).slice(2, 8);

describe("the customer list", () => {
  it("searches by name, e-mail prefix and phone, filters blocked customers, and pages newest first", async () => {
    const word = `Quill${tag()}`;
    const made = [];
    for (const [index, phone] of ["9000000001", "9000000002", "9000000003"].entries()) {
      const unique = `7${Date.now().toString().slice(-6)}${index}${Math.floor(Math.random() * 10)}`;
      made.push(
        await createTestUser(t.app.db, {
          name: `Asha ${word} ${index}`,
          email: `${word.toLowerCase()}-${index}@example.com`,
          phone: index === 2 ? unique : phone,
          createdAt: new Date(Date.now() - (3 - index) * 60_000),
        }),
      );
    }
    const byName = (await admin("GET", `/customers?q=${word.toLowerCase()}`)).json();
    expect((byName.customers as { id: string }[]).map((row) => row.id)).toEqual([...made].reverse().map((user) => user.id));

    const byEmail = (await admin("GET", `/customers?q=${encodeURIComponent(`${word.toLowerCase()}-1@`)}`)).json();
    expect((byEmail.customers as { id: string }[]).map((row) => row.id)).toEqual([made[1]?.id]);

    const byPhone = (await admin("GET", `/customers?q=${made[2]?.phone}`)).json();
    expect((byPhone.customers as { id: string }[]).map((row) => row.id)).toEqual([made[2]?.id]);

    const first = (await admin("GET", `/customers?q=${word}&perPage=2`)).json() as unknown as {
      customers: { id: string }[];
      next: string;
      previous: string | null;
    };
    expect(first.customers.map((row) => row.id)).toEqual([made[2]?.id, made[1]?.id]);
    expect(first.previous).toBeNull();
    const second = (await admin("GET", `/customers?q=${word}&perPage=2&after=${first.next}`)).json() as unknown as typeof first;
    expect(second.customers.map((row) => row.id)).toEqual([made[0]?.id]);
    expect(second.next).toBeNull();
    const back = (
      await admin("GET", `/customers?q=${word}&perPage=2&before=${second.previous}`)
    ).json() as unknown as typeof first;
    expect(back.customers.map((row) => row.id)).toEqual([made[2]?.id, made[1]?.id]);

    expect((await admin("POST", `/customers/${made[0]?.id}/block`, { reason: "chargebacks" })).status).toBe(200);
    const blocked = (await admin("GET", `/customers?q=${word}&status=blocked`)).json();
    expect((blocked.customers as { id: string }[]).map((row) => row.id)).toEqual([made[0]?.id]);
    expect((await admin("GET", "/customers?after=not-a-cursor")).status).toBe(400);

    const page = await requestPage(t.app, "GET", `/admin/customers?q=${word}`, { sid: owner.sid });
    expect(page.status).toBe(200);
    for (const user of made) expect(page.html).toContain(user.name);
    expect(page.html).toContain("Blocked");
  });
});

describe("the customer page", () => {
  it("shows orders, lifetime value (less processed refunds), reviews and sessions, and never a hash, code or token", async () => {
    const shopper = await t.signUpVerified(uniqueEmail("page"));
    const product = await createTestProduct(t.app.db);
    const paidId = await insertTestOrder(t.app.db, { userId: shopper.userId, productId: product.id, status: "delivered" });
    await insertTestOrder(t.app.db, { userId: shopper.userId, productId: product.id, status: "paid" });
    await insertTestOrder(t.app.db, { userId: shopper.userId, productId: product.id, status: "expired" });
    await t.app.db.insert(refunds).values([
      { id: uuidv7(), orderId: paidId, amountPaise: 10_000, status: "processed", requestKey: `k-${paidId}` },
      { id: uuidv7(), orderId: paidId, amountPaise: 5_000, status: "pending", requestKey: `p-${paidId}` },
    ]);
    await t.app.services.reviews.addReview({
      userId: shopper.userId,
      productId: product.id,
      review: "Sturdy and bright",
      customerRating: 4.5,
    });
    const row = await userRow(shopper.userId);
    const [session] = await liveSessions(shopper.userId);
    const [code] = await t.app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, shopper.userId));

    const answer = await admin("GET", `/customers/${shopper.userId}`);
    expect(answer.status).toBe(200);
    const body = answer.json() as Record<string, unknown>;
    expect(body).toMatchObject({ orderCount: 3, paidOrderCount: 2, lifetimeValue: 998 - 100 });
    expect(body.profile).toMatchObject({ email: shopper.email, hasPassword: true, role: null });
    expect((body.reviews as { review: string }[])[0]?.review).toBe("Sturdy and bright");
    expect((body.sessions as unknown[]).length).toBeGreaterThan(0);

    const page = await requestPage(t.app, "GET", `/admin/customers/${shopper.userId}`, { sid: staff.sid });
    expect(page.status).toBe(200);
    expect(page.html).toContain(`/admin/orders/${paidId}`);
    expect(page.html).toContain(`/product/${product.id}`);
    expect(page.html).toContain("Rs 898");
    for (const text of [answer.body, page.html]) {
      for (const secret of [row?.passwordHash, session?.tokenHash, shopper.token, code?.codeHash, session?.id]) {
        expect(secret).toBeTruthy();
        expect(text).not.toContain(secret);
      }
      expect(text).not.toMatch(/passwordHash|tokenHash|codeHash|argon2/);
    }
    expect((await admin("GET", `/customers/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await requestPage(t.app, "GET", "/admin/customers/nobody", { sid: owner.sid })).status).toBe(404);
  });
});

describe("blocking", () => {
  it("ends every session at once and refuses sign-in, Google, sign-up, reset and verification; unblock lets them in", async () => {
    const email = uniqueEmail("blocked");
    const shopper = await t.signUpVerified(email);
    const product = await createTestProduct(t.app.db);
    const orderId = await insertTestOrder(t.app.db, { userId: shopper.userId, productId: product.id, status: "paid" });
    const subject = `g-${email}`;
    expect((await google({ credential: await issuer.sign({ sub: subject, email }) })).status).toBe(200);
    expect((await liveSessions(shopper.userId)).length).toBe(2);
    expect((await t.call({ method: "GET", url: "/api/user/export", token: shopper.token })).status).toBe(200);

    expect((await admin("POST", `/customers/${shopper.userId}/block`, {})).status).toBe(400);
    const blocked = await admin("POST", `/customers/${shopper.userId}/block`, { reason: "Fraudulent chargebacks" });
    expect(blocked.status).toBe(200);
    expect(await liveSessions(shopper.userId)).toEqual([]);
    expect((await t.call({ method: "GET", url: "/api/user/export", token: shopper.token })).status).toBe(401);
    expect(await userRow(shopper.userId)).toMatchObject({ blockedReason: "Fraudulent chargebacks" });
    expect((await t.app.db.select().from(orders).where(eq(orders.id, orderId))).length).toBe(1);

    const refusals = [
      await t.signIn(email),
      await t.signIn(email, "not the password"),
      await google({ credential: await issuer.sign({ sub: subject, email }) }),
      await google({ credential: await issuer.sign({ sub: `other-${subject}`, email }) }),
      await t.call({
        method: "POST",
        url: "/api/user/signup",
        payload: { name: "Again", email, phone: "9876543210", password: GOOD_PASSWORD },
      }),
      await t.call({ method: "POST", url: "/api/user/forgotPassword", payload: { email } }),
      await t.call({ method: "POST", url: "/api/user/verifyAccount/resendOtp", payload: { email } }),
      await t.call({ method: "POST", url: "/api/user/verifyemail", payload: { email, otp: "123456" } }),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(403);
      expect(refusal.body.msg).toBe(accountDataMessages.blocked);
    }
    expect(await liveSessions(shopper.userId)).toEqual([]);
    expect((await admin("POST", `/customers/${shopper.userId}/block`, { reason: "again" })).status).toBe(409);

    const [event] = await t.app.services.backOffice.audit.list({ entityType: "customer", entityId: shopper.userId, limit: 5 });
    expect(event).toMatchObject({ action: "customer.block", actorId: owner.user.id, reason: "Fraudulent chargebacks" });

    expect((await admin("POST", `/customers/${shopper.userId}/unblock`, {})).status).toBe(200);
    expect((await t.signIn(email)).status).toBe(200);
    expect((await admin("POST", `/customers/${shopper.userId}/unblock`, {})).status).toBe(409);
  });

  it("refuses staff accounts, and asks for a recent password", async () => {
    for (const path of ["block", "erase"]) {
      const refused = await admin("POST", `/customers/${staff.user.id}/${path}`, { reason: "no", confirm: "ERASE" });
      expect(refused.status).toBe(409);
      expect(refused.json().msg).toBe(customerAdminMessages.staffCannotBeBlocked);
    }
    const other = await signedInAs(t.app, "staff");
    const shopper = await createTestUser(t.app.db);
    await t.app.db
      .update(sessions)
      .set({ passwordConfirmedAt: new Date(Date.now() - 3600_000), backOfficeSeenAt: new Date() })
      .where(eq(sessions.id, other.sessionId));
    const stale = await admin("POST", `/customers/${shopper.id}/block`, { reason: "x" }, other.sid);
    expect(stale.status).toBe(403);
    expect(stale.json().msg).toBe(backOfficeMessages.reauthNeeded);
    expect((await userRow(shopper.id))?.blockedAt).toBeNull();
    // Staff may block; the export and erasure are the owner's.
    expect((await admin("POST", `/customers/${shopper.id}/block`, { reason: "x" }, staff.sid)).status).toBe(200);
    expect((await admin("GET", `/customers/${shopper.id}/export`, undefined, staff.sid)).status).toBe(403);
  });

  it("blocks from the customer page", async () => {
    const shopper = await createTestUser(t.app.db);
    const page = await requestPage(t.app, "POST", `/admin/customers/${shopper.id}`, {
      sid: owner.sid,
      form: { intent: "block", reason: "Abusive messages" },
    });
    expect(page.status).toBe(200);
    expect(page.html).toContain(customerAdminMessages.blocked);
    expect((await userRow(shopper.id))?.blockedReason).toBe("Abusive messages");
  });
});

describe("the data export", () => {
  it("holds profile, addresses, orders with lines, reviews, My List, cart and sessions, and no secret", async () => {
    const shopper = await t.signUpVerified(uniqueEmail("export"));
    const product = await createTestProduct(t.app.db);
    const orderId = await insertTestOrder(t.app.db, { userId: shopper.userId, productId: product.id, status: "shipped" });
    await t.app.services.reviews.addReview({ userId: shopper.userId, productId: product.id, review: "Nice", customerRating: 4 });
    await t.app.services.wishlist.add(shopper.userId, product.id);
    await t.app.services.cart.add({ kind: "user", userId: shopper.userId }, { productId: product.id, quantity: 2 });
    const row = await userRow(shopper.userId);
    const [session] = await liveSessions(shopper.userId);

    const answer = await admin("GET", `/customers/${shopper.userId}/export`);
    expect(answer.status).toBe(200);
    const own = await t.call({ method: "GET", url: "/api/user/export", token: shopper.token });
    expect(own.status).toBe(200);
    expect(String(own.headers["content-disposition"])).toMatch(/^attachment; filename="my-data-/);
    for (const document of [JSON.parse(answer.body), own.body] as Record<string, unknown>[]) {
      expect(document.profile).toMatchObject({ id: shopper.userId, email: shopper.email, hasPassword: true });
      expect(document.orders).toMatchObject([
        { id: orderId, status: "shipped", lines: [{ productId: product.id, quantity: 1 }] },
      ]);
      expect(document.addresses).toContainEqual(expect.objectContaining({ kind: "billing", city: "Bengaluru" }));
      expect(document.reviews).toMatchObject([{ productId: product.id, review: "Nice", rating: 4 }]);
      expect(document.myList).toMatchObject([{ productId: product.id }]);
      expect(document.cart).toMatchObject([{ productId: product.id, quantity: 2 }]);
      expect((document.sessions as unknown[]).length).toBeGreaterThan(0);
      const text = JSON.stringify(document);
      for (const secret of [row?.passwordHash, session?.tokenHash, session?.id, shopper.token])
        expect(text).not.toContain(secret);
      expect(text).not.toMatch(/passwordHash|tokenHash|codeHash|pay_|order_0/);
    }
    const [event] = await t.app.services.backOffice.audit.list({ entityType: "customer", entityId: shopper.userId, limit: 5 });
    expect(event).toMatchObject({ action: "customer.export", actorId: owner.user.id });
  });
});

describe("erasure", () => {
  it("anonymises and keeps orders, keeps ratings under a former customer, deletes the rest, frees the e-mail", async () => {
    const email = uniqueEmail("erase");
    const shopper = await t.signUpVerified(email);
    await t.app.services.accounts.saveProfile({
      userId: shopper.userId,
      name: "Meera Iyer",
      phone: "9811112222",
      photo: await solidPng(),
    });
    const photo = (await userRow(shopper.userId))?.images[0] ?? "";
    expect(await t.app.imageStores.originals.exists(photo)).toBe(true);
    const product = await createTestProduct(t.app.db);
    const orderId = await insertTestOrder(t.app.db, { userId: shopper.userId, productId: product.id, status: "delivered" });
    await t.app.services.reviews.addReview({
      userId: shopper.userId,
      productId: product.id,
      review: "Lovely",
      customerRating: 3.5,
    });
    await t.app.services.wishlist.add(shopper.userId, product.id);
    const [before] = await t.app.db.select().from(products).where(eq(products.id, product.id));

    expect((await admin("POST", `/customers/${shopper.userId}/erase`, { confirm: "yes" })).status).toBe(400);
    expect((await admin("POST", `/customers/${shopper.userId}/erase`, { confirm: "ERASE" }, staff.sid)).status).toBe(403);
    expect((await admin("POST", `/customers/${shopper.userId}/erase`, { confirm: "ERASE", reason: "DPDP request" })).status).toBe(
      200,
    );

    expect(await userRow(shopper.userId)).toMatchObject({
      name: customerAdminMessages.erasedName,
      email: `erased-${shopper.userId}@invalid`,
      phone: "",
      images: [],
      passwordHash: null,
      googleSub: null,
    });
    expect((await userRow(shopper.userId))?.erasedAt).not.toBeNull();
    expect(await liveSessions(shopper.userId)).toEqual([]);
    expect(await t.app.imageStores.originals.exists(photo)).toBe(false);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      name: customerAdminMessages.erasedName,
      phoneNumber: "",
      address: "",
      pincode: "",
      amountPaise: 49_900,
    });
    expect(order?.billing).toMatchObject({
      fullName: customerAdminMessages.erasedName,
      city: "",
      state: "Karnataka",
      phoneNumber: "",
    });
    expect(JSON.stringify(order)).not.toMatch(/Test Shopper|Test Street|9876543210|shopper@example/);
    const [review] = await t.app.db.select().from(reviews).where(eq(reviews.productId, product.id));
    expect(review).toMatchObject({ customerName: customerAdminMessages.formerCustomer, customerRating: 3.5, review: "Lovely" });
    const [after] = await t.app.db.select().from(products).where(eq(products.id, product.id));
    expect(after?.rating).toBe(before?.rating);
    expect(await t.app.db.select().from(wishlistItems).where(eq(wishlistItems.userId, shopper.userId))).toEqual([]);
    const [event] = await t.app.services.backOffice.audit.list({ entityType: "customer", entityId: shopper.userId, limit: 1 });
    expect(event?.action).toBe("customer.erase");
    expect(JSON.stringify(event)).not.toMatch(new RegExp(`${email}|Meera|9811112222`));

    expect((await t.signIn(email)).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await t.signUpVerified(email);
    expect(again.userId).not.toBe(shopper.userId);
    expect((await admin("POST", `/customers/${shopper.userId}/erase`, { confirm: "ERASE" })).status).toBe(409);
  });

  it("lets shoppers erase themselves: with their password, or with an e-mailed code when they sign in with Google", async () => {
    const shopper = await t.signUpVerified(uniqueEmail("self"));
    const wrong = await t.call({
      method: "POST",
      url: "/api/user/erase",
      token: shopper.token,
      payload: { confirm: "ERASE", password: "not it at all" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe(accountDataMessages.erasePasswordWrong);
    const done = await t.call({
      method: "POST",
      url: "/api/user/erase",
      token: shopper.token,
      payload: { confirm: "ERASE", password: GOOD_PASSWORD },
    });
    expect(done.status).toBe(200);
    expect(done.body.msg).toBe(accountDataMessages.erased);
    expect((await userRow(shopper.userId))?.erasedAt).not.toBeNull();
    expect((await t.call({ method: "GET", url: "/api/user/export", token: shopper.token })).status).toBe(401);

    const email = uniqueEmail("google-self");
    const signedIn = await google({ credential: await issuer.sign({ sub: `g-${email}`, email, name: "Gita" }) });
    const token = String(signedIn.body.token);
    const id = (signedIn.body.user as { id: string }).id;
    const noCode = await t.call({ method: "POST", url: "/api/user/erase", token, payload: { confirm: "ERASE" } });
    expect(noCode.body.msg).toBe(accountDataMessages.eraseNeedsCode);
    expect((await t.call({ method: "POST", url: "/api/user/erase/code", token })).status).toBe(200);
    const code = codeOf(await t.smtp.waitForMail(email));
    const badCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    expect(
      (await t.call({ method: "POST", url: "/api/user/erase", token, payload: { confirm: "ERASE", code: badCode } })).status,
    ).toBe(400);
    expect((await t.call({ method: "POST", url: "/api/user/erase", token, payload: { confirm: "ERASE", code } })).status).toBe(
      200,
    );
    expect((await userRow(id))?.googleSub).toBeNull();
    // The same Google account may come back: a new account, nothing of the old one.
    const back = await google({ credential: await issuer.sign({ sub: `g-${email}`, email }) });
    expect((back.body.user as { id: string }).id).not.toBe(id);
  });

  it("erases from My Account and signs out", async () => {
    const shopper = await t.signUpVerified(uniqueEmail("my-account"));
    const tab = await requestPage(t.app, "GET", "/my-account?tab=data", { sid: shopper.token });
    expect(tab.html).toContain("/api/user/export");
    const page = await requestPage(t.app, "POST", "/my-account", {
      sid: shopper.token,
      form: { intent: "erase", confirm: "ERASE", password: GOOD_PASSWORD },
    });
    expect([302, 303]).toContain(page.status);
    expect(page.location).toBe("/");
    expect(String(page.headers["set-cookie"])).toMatch(/sid=;/);
    expect((await userRow(shopper.userId))?.erasedAt).not.toBeNull();
  });
});
