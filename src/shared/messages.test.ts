import { describe, expect, it } from "vitest";
import { codeSentFor, codeValidity, photoTooLarge, verificationCodeSent } from "./messages.ts";

describe("account messages", () => {
  it("says how long a code lives in whole minutes, at least one", () => {
    expect(codeValidity(600)).toBe("It is valid for 10 minutes.");
    expect(codeValidity(90)).toBe("It is valid for 2 minutes.");
    expect(codeValidity(20)).toBe("It is valid for 1 minute.");
  });

  it("names the address a code went to", () => {
    expect(verificationCodeSent("a@example.com")).toBe(
      "We sent a 6-digit code to a@example.com. Enter it to verify your e-mail.",
    );
    expect(codeSentFor("a@example.com", 600)).toBe("We sent a 6-digit code to a@example.com. It is valid for 10 minutes.");
  });

  it("gives the photo limit in megabytes to one decimal", () => {
    expect(photoTooLarge(5 * 1024 * 1024)).toBe("The photo is larger than 5 MB. Please choose a smaller one.");
    expect(photoTooLarge(300 * 1024)).toBe("The photo is larger than 0.3 MB. Please choose a smaller one.");
  });
});
