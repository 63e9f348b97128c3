import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type CurrentUser, currentUserContext } from "#app-context";
import { requireShopper, signInHref } from "./auth.server.ts";

const shopper: CurrentUser = { id: "u-1", name: "Asha", email: "asha@example.com", images: [] };

function contextWith(user: CurrentUser | null) {
  const context = new RouterContextProvider();
  context.set(currentUserContext, user);
  return context;
}

describe("requireShopper", () => {
  it("gives the signed-in shopper from the session", () => {
    const request = new Request("http://shop.test/my-account");
    expect(requireShopper({ request, context: contextWith(shopper) })).toBe(shopper);
  });

  it("sends a visitor to sign in and back to the page asked for, query string included", () => {
    const request = new Request("http://shop.test/my-account?tab=password", { method: "POST" });
    let thrown: unknown;
    try {
      requireShopper({ request, context: contextWith(null) });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/signIn?redirectTo=%2Fmy-account%3Ftab%3Dpassword");
  });
});

describe("signInHref", () => {
  it("encodes the way back so it stays one query parameter", () => {
    expect(signInHref("/cart?x=1&y=2")).toBe("/signIn?redirectTo=%2Fcart%3Fx%3D1%26y%3D2");
  });
});
