import { eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewReports, reviews } from "#db/schema/reviews.ts";
import { hiddenOwnReviewMessage, reviewModerationMessages, reviewReportMessages } from "#shared/messages/back-office-reviews.ts";
import { REVIEW_QUEUE_SORTS, REVIEW_QUEUE_STATUSES } from "#shared/schemas/back-office-reviews.ts";
import { createTestProduct, type TestProduct } from "../support/builders.ts";
import { requestPage } from "../support/pages.ts";
import { signedInAs } from "../support/staff.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../support/test-app.ts";

// Issue 34, item 4: the review queue's three orders and keyset pages, hide and unhide (the product's rating, review
// count, page and JSON-LD follow at once, each change audited), and a shopper's "report this review", once.
let app: TestApp;
let staff: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  app = await createTestApp({ web: true });
  staff = await signedInAs(app, "staff");
});
afterAll(async () => {
  await app?.close();
});

async function call(method: "GET" | "POST", url: string, sid: string | undefined, payload?: object) {
  const response = await app.server.inject({
    method,
    url,
    headers: { ...(sid ? { authorization: `Bearer ${sid}` } : {}), origin: TEST_PUBLIC_URL },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown>, headers: response.headers };
}
const admin = (method: "GET" | "POST", url: string, payload?: object) => call(method, `/api/admin${url}`, staff.sid, payload);

/** A shopper's review through the API, as the shop writes it. */
async function review(product: TestProduct, text: string, rating: number) {
  const author = await signedInAs(app, null);
  const answer = await call("POST", "/api/productReviews/add", author.sid, {
    productId: product.id,
    review: text,
    customerRating: rating,
  });
  expect(answer.status).toBe(201);
  return { id: String(answer.body.id), author };
}

const listed = async (product: TestProduct) =>
  ((await call("GET", `/api/productReviews?productId=${product.id}`, undefined)).body as unknown as { review: string }[]).map(
    (row) => row.review,
  );
const productJson = async (product: TestProduct) => {
  const answer = await app.server.inject({ method: "GET", url: `/api/products/${product.id}` });
  return { rating: (answer.json() as { rating: number }).rating, cache: answer.headers["x-cache"] };
};
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
    .map((match) => JSON.parse(match[1] ?? "{}") as Record<string, unknown>)
    .find((block) => block["@type"] === "Product");

describe("the review queue", () => {
  it("pages through each order and filter by keyset exactly as one long page reads, forwards and back", async () => {
    const product = await createTestProduct(app.db);
    const future = Date.UTC(2099, 0, 1);
    await app.db.insert(reviews).values(
      Array.from({ length: 12 }, (_, index) => ({
        id: uuidv7(),
        productId: product.id,
        userId: null,
        customerName: `Queue ${index}`,
        review: `Queued review ${index}`,
        customerRating: [0.5, 1, 1, 3][index % 4] ?? 1,
        createdAt: new Date(future + (index % 6) * 60_000),
        reportCount: index % 3,
        hiddenAt: index % 5 === 0 ? new Date() : null,
        hiddenReason: index % 5 === 0 ? "spam" : null,
      })),
    );
    const moderation = app.services.reviewModeration;
    for (const sort of REVIEW_QUEUE_SORTS) {
      for (const status of REVIEW_QUEUE_STATUSES) {
        const whole = await moderation.list({ sort, status, perPage: 15 });
        const pages: string[][] = [];
        let answer = await moderation.list({ sort, status, perPage: 3 });
        expect(answer.previous, `${sort} ${status}`).toBeNull();
        for (;;) {
          pages.push(answer.items.map((row) => row.id));
          if (!answer.next || pages.length === 5) break;
          answer = await moderation.list({ sort, status, perPage: 3, after: answer.next });
        }
        expect(pages.flat(), `${sort} ${status}`).toEqual(whole.items.map((row) => row.id));
        // And back from the last page to the first, page for page.
        for (let page = pages.length - 2; page >= 0; page--) {
          expect(answer.previous, `${sort} ${status} page ${page}`).not.toBeNull();
          answer = await moderation.list({ sort, status, perPage: 3, before: answer.previous ?? "" });
          expect(
            answer.items.map((row) => row.id),
            `${sort} ${status} page ${page}`,
          ).toEqual(pages[page]);
        }
        expect(answer.previous, `${sort} ${status}`).toBeNull();
      }
    }
  });

  it("puts the newest first, the lowest rated first, and the most reported first, with their reasons", async () => {
    const product = await createTestProduct(app.db);
    const at = Date.UTC(2100, 0, 1);
    const ids = [uuidv7(), uuidv7(), uuidv7()];
    await app.db.insert(reviews).values([
      {
        id: ids[0] ?? "",
        productId: product.id,
        customerName: "A",
        review: "a",
        customerRating: 0.5,
        createdAt: new Date(at),
        reportCount: 900,
      },
      {
        id: ids[1] ?? "",
        productId: product.id,
        customerName: "B",
        review: "b",
        customerRating: 0.5,
        createdAt: new Date(at + 1000),
        reportCount: 901,
      },
      {
        id: ids[2] ?? "",
        productId: product.id,
        customerName: "C",
        review: "c",
        customerRating: 5,
        createdAt: new Date(at + 2000),
        reportCount: 0,
      },
    ]);
    const reporter = await signedInAs(app, null);
    await app.db.insert(reviewReports).values({ reviewId: ids[1] ?? "", userId: reporter.user.id, reason: "Rude words" });

    const first = async (sort: string) =>
      ((await admin("GET", `/reviews?sort=${sort}`)).body.reviews as { id: string; reportReasons: string[] }[]).slice(0, 2);
    expect((await first("newest")).map((row) => row.id)).toEqual([ids[2], ids[1]]);
    expect((await first("lowest")).map((row) => row.id)).toEqual([ids[1], ids[0]]);
    const reported = await first("reported");
    expect(reported.map((row) => row.id)).toEqual([ids[1], ids[0]]);
    expect(reported[0]?.reportReasons).toEqual(["Rude words"]);

    const page = await requestPage(app, "GET", "/admin/reviews?sort=reported", { sid: staff.sid });
    expect(page.status).toBe(200);
    expect(page.html).toContain("Rude words");
    expect(page.html).toContain(`href="/product/${product.id}?tab=reviews"`);
    expect((await admin("GET", `/reviews?after=${uuidv7()}`)).status).toBe(400);
    expect((await admin("GET", "/reviews?after=not-an-id")).status).toBe(400);
    expect((await admin("GET", `/reviews?before=${uuidv7()}`)).status).toBe(400);
    const later = await requestPage(app, "GET", `/admin/reviews?after=${ids[2]}`, { sid: staff.sid });
    expect(later.html).toMatch(/href="\/admin\/reviews\?before=[0-9a-f-]{36}"[^>]*>Previous<\/a>/);
  });
});

describe("hiding and unhiding a review", () => {
  it("takes it out of the list, the rating, the count, the page and the JSON-LD at once, and puts it back", async () => {
    const product = await createTestProduct(app.db);
    await review(product, "Lovely, works well.", 5);
    const bad = await review(product, "Terrible and rude.", 1);
    // Read twice, so the product's answer and page are in the micro-cache: hiding must evict them.
    await productJson(product);
    expect((await productJson(product)).rating).toBe(3);
    await requestPage(app, "GET", `/product/${product.id}`);
    expect((await requestPage(app, "GET", `/product/${product.id}`)).html).toContain("Terrible and rude.");

    expect((await admin("POST", `/reviews/${bad.id}/hide`, {})).status).toBe(400);
    expect((await admin("POST", `/reviews/${bad.id}/hide`, { reason: "  " })).body.msg).toContain(
      reviewModerationMessages.reasonRequired,
    );
    const hidden = await admin("POST", `/reviews/${bad.id}/hide`, { reason: "Abusive language" });
    expect(hidden).toMatchObject({ status: 200, body: { ok: true, productId: product.id, productRating: 5, reviewCount: 1 } });
    expect((await admin("POST", `/reviews/${bad.id}/hide`, { reason: "again" })).status).toBe(409);

    expect(await listed(product)).toEqual(["Lovely, works well."]);
    expect((await productJson(product)).rating).toBe(5);
    const page = await requestPage(app, "GET", `/product/${product.id}`);
    expect(page.html).not.toContain("Terrible and rude.");
    expect(page.html).toMatch(/Reviews \(1\)/);
    expect(jsonLd(page.html)).toMatchObject({ aggregateRating: { ratingValue: 5, reviewCount: 1 } });
    expect(jsonLd(page.html)?.review).toHaveLength(1);
    const [row] = await app.db.select().from(reviews).where(eq(reviews.id, bad.id));
    expect(row).toMatchObject({ hiddenReason: "Abusive language", hiddenBy: staff.user.id });

    const unhidden = await admin("POST", `/reviews/${bad.id}/unhide`, { reason: "Appeal accepted" });
    expect(unhidden).toMatchObject({ status: 200, body: { productRating: 3, reviewCount: 2 } });
    const twice = await admin("POST", `/reviews/${bad.id}/unhide`);
    expect(twice.body.msg).toBe(reviewModerationMessages.notHidden);
    expect(twice.status).toBe(409);
    expect((await listed(product)).sort()).toEqual(["Lovely, works well.", "Terrible and rude."]);
    expect((await productJson(product)).rating).toBe(3);
    expect(jsonLd((await requestPage(app, "GET", `/product/${product.id}`)).html)).toMatchObject({
      aggregateRating: { ratingValue: 3, reviewCount: 2 },
    });

    const events = await app.services.backOffice.audit.list({ entityType: "review", entityId: bad.id, limit: 10 });
    expect(events.map((event) => [event.action, event.reason, event.actorId])).toEqual([
      ["review.unhide", "Appeal accepted", staff.user.id],
      ["review.hide", "Abusive language", staff.user.id],
    ]);
    expect((await admin("POST", `/reviews/${uuidv7()}/hide`, { reason: "x" })).status).toBe(404);
  });

  it("hides and unhides through the page's forms, without JavaScript", async () => {
    const product = await createTestProduct(app.db);
    const target = await review(product, "Page form target.", 2);
    const post = (form: Record<string, string>) => requestPage(app, "POST", "/admin/reviews", { sid: staff.sid, form });
    const blank = await post({ intent: "hide", id: target.id, reason: "" });
    expect(blank.status).toBe(400);
    expect(blank.html).toContain(`>${reviewModerationMessages.reasonRequired}</p>`);
    const hidden = await post({ intent: "hide", id: target.id, reason: "Off topic" });
    expect(hidden.status).toBe(200);
    expect(hidden.html).toContain(`>${reviewModerationMessages.hidden}</p>`);
    expect(await listed(product)).toEqual([]);
    const queue = await requestPage(app, "GET", "/admin/reviews?status=hidden", { sid: staff.sid });
    expect(queue.html).toContain("Page form target.");
    expect(queue.html).toContain("Off topic");
    const shown = await post({ intent: "unhide", id: target.id, reason: "" });
    expect(shown.html).toContain(reviewModerationMessages.unhidden);
    expect(await listed(product)).toEqual(["Page form target."]);
  });

  it("shows the author their own hidden review, marked, and keeps their edit hidden; nobody else sees it", async () => {
    const product = await createTestProduct(app.db);
    const mine = await review(product, "My first words.", 1);
    await admin("POST", `/reviews/${mine.id}/hide`, { reason: "Spam link" });

    const own = await requestPage(app, "GET", `/product/${product.id}?tab=reviews`, { sid: mine.author.sid });
    expect(own.html).toContain(`>${hiddenOwnReviewMessage}</p>`);
    expect(own.html).toContain("My first words.");
    expect(own.html).not.toContain("Spam link");
    expect(jsonLd(own.html)?.aggregateRating).toBeUndefined();
    const other = await signedInAs(app, null);
    const theirs = await requestPage(app, "GET", `/product/${product.id}?tab=reviews`, { sid: other.sid });
    expect(theirs.html).not.toContain("My first words.");

    const edited = await call("POST", "/api/productReviews/add", mine.author.sid, {
      productId: product.id,
      review: "My second words.",
      customerRating: 5,
    });
    expect(edited.status).toBe(200);
    expect(await listed(product)).toEqual([]);
    expect((await productJson(product)).rating).toBe(0);
    const page = await requestPage(app, "POST", `/product/${product.id}?tab=reviews`, {
      sid: mine.author.sid,
      form: { intent: "add-review", review: "My third words.", customerRating: "4" },
    });
    expect(page.html).toContain(`>${reviewReportMessages.savedHidden}</p>`);
    const [row] = await app.db.select().from(reviews).where(eq(reviews.id, mine.id));
    expect(row?.hiddenAt).not.toBeNull();
  });
});

describe("report this review", () => {
  it("takes one report per shopper and review, never the author's own, and refuses a visitor", async () => {
    const product = await createTestProduct(app.db);
    const target = await review(product, "Reported words.", 3);
    const reporter = await signedInAs(app, null);
    const report = (sid: string | undefined, id = target.id, payload: object = { reason: "Looks fake" }) =>
      call("POST", `/api/reviews/${id}/report`, sid, payload);
    const count = async () => (await app.db.select().from(reviews).where(eq(reviews.id, target.id)))[0]?.reportCount;

    expect(await report(undefined)).toMatchObject({ status: 401, body: { msg: reviewReportMessages.signInFirst } });
    expect(await report(target.author.sid)).toMatchObject({ status: 403, body: { msg: reviewReportMessages.own } });
    expect((await report(reporter.sid, target.id, { reason: "x".repeat(501) })).status).toBe(400);
    expect(await count()).toBe(0);
    expect(await report(reporter.sid)).toMatchObject({ status: 201, body: { msg: reviewReportMessages.reported } });
    expect(await report(reporter.sid)).toMatchObject({ status: 409, body: { msg: reviewReportMessages.already } });
    expect(await count()).toBe(1);
    const second = await signedInAs(app, null);
    expect((await report(second.sid, target.id, {})).status).toBe(201);
    expect(await count()).toBe(2);
    expect((await report(second.sid, uuidv7())).status).toBe(404);
    expect((await report(second.sid, "not-an-id")).status).toBe(400);

    const rows = await app.db.select().from(reviewReports).where(eq(reviewReports.reviewId, target.id));
    expect(rows.map((row) => row.reason).sort()).toEqual(["", "Looks fake"]);
    const queue = (await admin("GET", "/reviews?sort=reported")).body.reviews as { id: string; reportCount: number }[];
    expect(queue.find((row) => row.id === target.id)?.reportCount).toBe(2);

    // A hidden review cannot be reported.
    await admin("POST", `/reviews/${target.id}/hide`, { reason: "Reported twice" });
    const third = await signedInAs(app, null);
    expect((await report(third.sid)).status).toBe(404);
  });

  it("reports from the product page's form without JavaScript, then shows the review as reported", async () => {
    const product = await createTestProduct(app.db);
    const target = await review(product, "Page reported words.", 2);
    const reporter = await signedInAs(app, null);
    const url = `/product/${product.id}?tab=reviews`;

    const visitor = await requestPage(app, "GET", url);
    expect(visitor.html).not.toContain("Report this review");
    const authorView = await requestPage(app, "GET", url, { sid: target.author.sid });
    expect(authorView.html).not.toContain("Report this review");
    const before = await requestPage(app, "GET", url, { sid: reporter.sid });
    expect(before.html).toContain("Report this review");
    expect(before.html).toContain('name="intent" value="report-review"');

    const form = { intent: "report-review", reviewId: target.id, reason: "Not about the product" };
    const posted = await requestPage(app, "POST", url, { sid: reporter.sid, form });
    expect(posted.status).toBe(200);
    expect(posted.html).toMatch(new RegExp(`<p role="status"[^>]*>${reviewReportMessages.reported}</p>`));
    const again = await requestPage(app, "POST", url, { sid: reporter.sid, form });
    expect(again.status).toBe(409);
    expect(again.html).toMatch(new RegExp(`<p role="alert"[^>]*>${reviewReportMessages.already}</p>`));
    const after = await requestPage(app, "GET", url, { sid: reporter.sid });
    expect(after.html).toContain("You reported this review.");
    const visitorPost = await requestPage(app, "POST", url, { form });
    expect(visitorPost.status).toBe(401);
  });
});
