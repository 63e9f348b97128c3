import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "#db/schema/accounts.ts";
import { auditEvents, staffInvites } from "#db/schema/back-office.ts";
import { INVITE_MAX_ATTEMPTS } from "#domain/back-office/staff-invites.ts";
import { backOfficeMessages } from "#shared/back-office-messages.ts";
import { staffInviteMessages } from "#shared/messages/back-office-staff.ts";
import { type AccountsTestApp, createAccountsTestApp, uniqueEmail } from "../support/accounts.ts";
import { requestPage } from "../support/pages.ts";
import { codeOf } from "../support/smtp-server.ts";
import { signedInAs } from "../support/staff.ts";
import { TEST_PUBLIC_URL } from "../support/test-app.ts";

// Issue 34, item 6 (decision 039): the owner invites an e-mail with a role, a code goes by real SMTP, the account
// signed in with that verified address enters it and gets the role; wrong, expired, revoked, used and guessed codes
// are refused with their own message; roles change between owner and staff; the last owner stays.
let t: AccountsTestApp;
let owner: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createAccountsTestApp({}, true);
  owner = await signedInAs(t.app, "owner");
});
afterAll(async () => {
  await t?.close();
});

async function api(method: "GET" | "POST" | "PUT" | "DELETE", url: string, sid: string | undefined, payload?: object) {
  const response = await t.app.server.inject({
    method,
    url,
    headers: { ...(sid ? { authorization: `Bearer ${sid}` } : {}), origin: TEST_PUBLIC_URL },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> & { msg?: string } };
}

/** The owner invites `email`; the code as the e-mail carries it, and the invitation's id. */
async function invite(email: string, role: "owner" | "staff" = "staff") {
  const before = t.smtp.mailsTo(email).length;
  const answer = await api("POST", "/api/admin/staff/invites", owner.sid, { email, role });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const mail = await t.smtp.waitForMail(email, { after: before });
  return { id: answer.body.id as string, code: codeOf(mail), mail };
}

const join = (token: string | undefined, code: string) => api("POST", "/api/admin/staff/join", token, { code });
const roleOf = async (email: string) => (await t.app.db.select().from(users).where(eq(users.email, email)))[0]?.role;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("inviting staff", () => {
  it("mails a code and the join link; the invitee signs up with that address, enters it and becomes staff", async () => {
    const email = uniqueEmail("invitee");
    const { id, code, mail } = await invite(email);
    expect(mail.subject).toContain(code);
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/admin/join`);
    const [row] = await t.app.db.select().from(staffInvites).where(eq(staffInvites.id, id));
    expect(row).toMatchObject({ email, role: "staff", invitedBy: owner.user.id, attempts: 0, acceptedAt: null });
    expect(row?.codeHash).not.toContain(code);
    expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const pending = await api("GET", "/api/admin/staff/invites", owner.sid);
    expect(pending.body).toEqual(expect.arrayContaining([expect.objectContaining({ id, email, role: "staff" })]));

    const invitee = await t.signUpVerified(email);
    expect((await api("GET", "/api/admin/me", invitee.token)).status).toBe(404);
    const joined = await join(invitee.token, code);
    expect(joined).toEqual({ status: 200, body: { role: "staff" } });
    expect(await roleOf(email)).toBe("staff");
    expect((await api("GET", "/api/admin/me", invitee.token)).status).toBe(200);
    const events = await t.app.db.select().from(auditEvents).where(eq(auditEvents.entityId, invitee.userId));
    expect(events).toEqual([
      expect.objectContaining({
        action: "staff.invite-accept",
        actorId: invitee.userId,
        after: expect.objectContaining({ role: "staff", inviteId: id }),
      }),
    ]);
    expect((await api("GET", "/api/admin/staff/invites", owner.sid)).body).not.toContainEqual(expect.objectContaining({ id }));
    // Used once: the same code again is refused with its reason.
    expect(await join(invitee.token, code)).toMatchObject({ status: 409, body: { msg: staffInviteMessages.inviteUsed } });
  });

  it("refuses the code from another account, and a visitor", async () => {
    const email = uniqueEmail("invitee");
    const { code } = await invite(email);
    const stranger = await signedInAs(t.app, null);
    expect(await join(stranger.sid, code)).toMatchObject({
      status: 400,
      body: { msg: staffInviteMessages.noInvite(stranger.user.email) },
    });
    expect(await roleOf(stranger.user.email)).toBeNull();
    expect((await join(undefined, code)).status).toBe(401);
    expect((await join(stranger.sid, "12ab")).status).toBe(400);
  });

  it("counts wrong codes and stops after a few, even the right one", async () => {
    const email = uniqueEmail("guesser");
    const { code } = await invite(email);
    const invitee = await t.signUpVerified(email);
    const first = await join(invitee.token, wrongCode(code));
    expect(first).toMatchObject({ status: 400, body: { msg: staffInviteMessages.wrongCode(INVITE_MAX_ATTEMPTS - 1) } });
    for (let left = INVITE_MAX_ATTEMPTS - 2; left > 0; left -= 1) await join(invitee.token, wrongCode(code));
    expect((await join(invitee.token, wrongCode(code))).body.msg).toBe(staffInviteMessages.tooManyAttempts);
    expect(await join(invitee.token, code)).toMatchObject({ status: 409, body: { msg: staffInviteMessages.tooManyAttempts } });
    expect(await roleOf(email)).toBeNull();
  });

  it("refuses an expired invitation; sent again, a new code works and the old one does not", async () => {
    const email = uniqueEmail("late");
    const { id, code } = await invite(email);
    const invitee = await t.signUpVerified(email);
    await t.app.db
      .update(staffInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvites.id, id));
    expect(await join(invitee.token, code)).toMatchObject({ status: 409, body: { msg: staffInviteMessages.inviteExpired } });

    const before = t.smtp.mailsTo(email).length;
    const resent = await api("POST", `/api/admin/staff/invites/${id}/resend`, owner.sid);
    expect(resent.status).toBe(200);
    expect(new Date(resent.body.expiresAt as string).getTime()).toBeGreaterThan(Date.now());
    const fresh = codeOf(await t.smtp.waitForMail(email, { after: before }));
    if (fresh !== code) expect((await join(invitee.token, code)).status).toBe(400);
    expect((await join(invitee.token, fresh)).status).toBe(200);
    expect(await roleOf(email)).toBe("staff");
    const actions = await t.app.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(actions.map((event) => event.action).sort()).toEqual(["staff.invite", "staff.invite-resend"]);
  });

  it("revokes a pending invitation: its code stops working; a new invitation replaces the pending one", async () => {
    const email = uniqueEmail("revoked");
    const first = await invite(email);
    const second = await invite(email, "owner");
    const [old] = await t.app.db.select().from(staffInvites).where(eq(staffInvites.id, first.id));
    expect(old?.revokedAt).not.toBeNull();
    expect((await api("DELETE", `/api/admin/staff/invites/${second.id}`, owner.sid)).status).toBe(200);
    const again = await api("DELETE", `/api/admin/staff/invites/${second.id}`, owner.sid);
    expect(again).toMatchObject({ status: 409, body: { msg: staffInviteMessages.notPending } });
    expect((await api("DELETE", `/api/admin/staff/invites/${crypto.randomUUID()}`, owner.sid)).status).toBe(404);
    const invitee = await t.signUpVerified(email);
    expect(await join(invitee.token, second.code)).toMatchObject({
      status: 409,
      body: { msg: staffInviteMessages.inviteRevoked },
    });
    expect(await roleOf(email)).toBeNull();
  });

  it("is the owner's, with a recent password, and refuses someone who already has the role", async () => {
    const staff = await signedInAs(t.app, "staff");
    const email = uniqueEmail("nobody");
    expect((await api("POST", "/api/admin/staff/invites", staff.sid, { email, role: "staff" })).status).toBe(403);
    expect((await api("GET", "/api/admin/staff/invites", staff.sid)).status).toBe(403);
    const taken = await api("POST", "/api/admin/staff/invites", owner.sid, { email: staff.user.email, role: "staff" });
    expect(taken).toMatchObject({ status: 409, body: { msg: staffInviteMessages.alreadyHasRole(staff.user.email, "staff") } });
    expect((await api("POST", "/api/admin/staff/invites", owner.sid, { email: "not-an-email", role: "staff" })).status).toBe(400);

    const stale = await signedInAs(t.app, "owner");
    await t.app.db
      .update(sessions)
      .set({ backOfficeSeenAt: new Date(), passwordConfirmedAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(sessions.id, stale.sessionId));
    const asked = await api("POST", "/api/admin/staff/invites", stale.sid, { email, role: "staff" });
    expect(asked).toMatchObject({ status: 403, body: { msg: backOfficeMessages.reauthNeeded } });
    expect(await t.app.db.select().from(staffInvites).where(eq(staffInvites.email, email))).toHaveLength(0);
  });

  it("makes an invited staff member owner, and never lowers an owner who accepts a staff invitation", async () => {
    const staff = await signedInAs(t.app, "staff");
    const promoted = await invite(staff.user.email, "owner");
    expect((await join(staff.sid, promoted.code)).body).toEqual({ role: "owner" });
    expect(await roleOf(staff.user.email)).toBe("owner");

    // An owner invited as staff before becoming owner keeps the higher role.
    const shopper = await signedInAs(t.app, null);
    const asStaff = await invite(shopper.user.email, "staff");
    await t.app.services.backOffice.setRole({ id: null, email: "test" }, shopper.user.email, "owner");
    expect((await join(shopper.sid, asStaff.code)).body).toEqual({ role: "owner" });
    expect(await roleOf(shopper.user.email)).toBe("owner");
  });

  it("asks an unverified account to verify first", async () => {
    const email = uniqueEmail("unverified");
    const { code } = await invite(email);
    await t.signUp(email);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
    const account = await t.app.services.accounts.getProfile(row?.id ?? "");
    await expect(t.app.services.backOffice.invites.join(account, code)).rejects.toThrow(staffInviteMessages.needsVerified);
  });
});

describe("/admin/join and /admin/staff", () => {
  it("sends a visitor to sign in and back, shows a shopper the form, and takes the code", async () => {
    const visitor = await requestPage(t.app, "GET", "/admin/join");
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe("/signIn?redirectTo=%2Fadmin%2Fjoin");

    const shopper = await signedInAs(t.app, null);
    const page = await requestPage(t.app, "GET", "/admin/join", { sid: shopper.sid });
    expect(page.status).toBe(200);
    expect(page.html).toContain(staffInviteMessages.joinTitle.replace("'", "&#x27;"));
    expect(page.html).toContain(shopper.user.email);

    const { code } = await invite(shopper.user.email);
    const wrong = await requestPage(t.app, "POST", "/admin/join", { sid: shopper.sid, form: { code: wrongCode(code) } });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain(staffInviteMessages.wrongCode(INVITE_MAX_ATTEMPTS - 1));
    const right = await requestPage(t.app, "POST", "/admin/join", { sid: shopper.sid, form: { code } });
    expect(right.status).toBe(303);
    expect(right.location).toBe("/admin");
    expect((await requestPage(t.app, "GET", "/admin", { sid: shopper.sid })).status).toBe(200);
  });

  it("lets the owner invite, resend, revoke and change roles from the page", async () => {
    const email = uniqueEmail("page-invitee");
    const invited = await requestPage(t.app, "POST", "/admin/staff", {
      sid: owner.sid,
      form: { intent: "invite", email, role: "staff" },
    });
    expect(invited.status).toBe(200);
    expect(invited.html).toContain(staffInviteMessages.invited(email));
    const list = await requestPage(t.app, "GET", "/admin/staff", { sid: owner.sid });
    expect(list.html).toContain(email);
    const [row] = await t.app.db
      .select()
      .from(staffInvites)
      .where(and(eq(staffInvites.email, email)));
    const resent = await requestPage(t.app, "POST", "/admin/staff", {
      sid: owner.sid,
      form: { intent: "resend", id: row?.id ?? "" },
    });
    expect(resent.html).toContain(staffInviteMessages.resent(email));
    const revoked = await requestPage(t.app, "POST", "/admin/staff", {
      sid: owner.sid,
      form: { intent: "revoke", id: row?.id ?? "" },
    });
    expect(revoked.html).toContain(staffInviteMessages.revoked(email));
    expect((await requestPage(t.app, "GET", "/admin/staff", { sid: owner.sid })).html).not.toContain(email);

    const staff = await signedInAs(t.app, "staff");
    const up = await requestPage(t.app, "POST", "/admin/staff", {
      sid: owner.sid,
      form: { intent: "role", email: staff.user.email, role: "owner" },
    });
    expect(up.status).toBe(200);
    expect(await roleOf(staff.user.email)).toBe("owner");
    await requestPage(t.app, "POST", "/admin/staff", {
      sid: owner.sid,
      form: { intent: "role", email: staff.user.email, role: "staff" },
    });
    expect(await roleOf(staff.user.email)).toBe("staff");
    await requestPage(t.app, "POST", "/admin/staff", {
      sid: owner.sid,
      form: { intent: "role", email: staff.user.email, role: "none" },
    });
    expect(await roleOf(staff.user.email)).toBeNull();
  });

  // Last: it takes every other owner's role away.
  it("keeps the last owner: it can be neither lowered nor removed, by the page or the API", async () => {
    const owners = await t.app.db.select().from(users).where(eq(users.role, "owner"));
    for (const other of owners.filter((row) => row.id !== owner.user.id)) {
      await t.app.services.backOffice.setRole({ id: null, email: "t" }, other.email, null);
    }
    for (const role of ["staff", "none"] as const) {
      const answer = await api("PUT", "/api/admin/staff", owner.sid, { email: owner.user.email, role });
      expect(answer).toMatchObject({ status: 409, body: { msg: backOfficeMessages.lastOwner } });
      const page = await requestPage(t.app, "POST", "/admin/staff", {
        sid: owner.sid,
        form: { intent: "role", email: owner.user.email, role },
      });
      expect(page.status).toBe(409);
      expect(page.html).toContain(backOfficeMessages.lastOwner.replace("'", "&#x27;"));
    }
    expect(await roleOf(owner.user.email)).toBe("owner");
  });
});
