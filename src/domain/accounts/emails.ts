import { codeValidity } from "#shared/messages.ts";
import type { MailMessage } from "./ports.ts";

/** The shop's e-mails: plain branded HTML with a text part. The code is the only secret and appears only here. */
const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

function layout(title: string, paragraphs: string[], code: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#222">
<table role="presentation" width="100%" style="max-width:480px;margin:0 auto;background:#fff;border-radius:8px;overflow:hidden">
<tr><td style="background:#c62828;color:#fff;padding:16px 24px;font-size:20px;font-weight:700">Storefront</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p)}</p>`).join("\n")}
<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:16px 0;color:#c62828">${escapeHtml(code)}</p>
<p style="margin:0;color:#666;font-size:13px">If you did not ask for this, you can ignore this e-mail.</p>
</td></tr></table></body></html>`;
}

export function verificationEmail(input: { to: string; name: string; code: string; ttlSeconds: number }): MailMessage {
  const title = "Verify your e-mail";
  const lines = [`Hello ${input.name},`, `Enter this code to verify your e-mail. ${codeValidity(input.ttlSeconds)}`];
  return {
    to: input.to,
    subject: `Your Storefront verification code: ${input.code}`,
    text: `${lines.join("\n\n")}\n\n    ${input.code}\n\nIf you did not ask for this, you can ignore this e-mail.\n`,
    html: layout(title, lines, input.code),
    preview: `code ${input.code}`,
  };
}

export function passwordResetEmail(input: { to: string; name: string; code: string; ttlSeconds: number }): MailMessage {
  const title = "Reset your password";
  const lines = [`Hello ${input.name},`, `Enter this code to choose a new password. ${codeValidity(input.ttlSeconds)}`];
  return {
    to: input.to,
    subject: `Your Storefront password reset code: ${input.code}`,
    text: `${lines.join("\n\n")}\n\n    ${input.code}\n\nIf you did not ask for this, you can ignore this e-mail: your password stays as it is.\n`,
    html: layout(title, lines, input.code),
    preview: `code ${input.code}`,
  };
}

/** An invitation to the back office (decision 039): the code, and where to enter it once signed in with `to`. */
export function staffInviteEmail(input: { to: string; role: string; code: string; joinUrl: string; days: number }) {
  const title = "You are invited to the shop's back office";
  const lines = [
    `You are invited to join the shop's team as ${input.role}. Your code is below; it works for ${input.days} days.`,
    `Sign up or sign in with this e-mail address (${input.to}), then open ${input.joinUrl} and enter the code.`,
  ];
  return {
    to: input.to,
    subject: `Your Storefront invitation code: ${input.code}`,
    text: `    ${input.code}\n\n${lines.join("\n\n")}\n\nIf you did not expect this, you can ignore this e-mail.\n`,
    html: layout(title, lines, input.code),
    preview: `invitation code ${input.code}`,
  } satisfies MailMessage;
}

/** The code a Google-only shopper types to erase their account (decision 036). */
export function eraseAccountEmail(input: { to: string; name: string; code: string; minutes: number }): MailMessage {
  const title = "Erase your account";
  const lines = [
    `Hello ${input.name},`,
    `Enter this code to erase your account and its personal data for good. It works for about ${input.minutes} minutes.`,
  ];
  return {
    to: input.to,
    subject: `Your Storefront code to erase your account: ${input.code}`,
    text: `${lines.join("\n\n")}\n\n    ${input.code}\n\nIf you did not ask for this, ignore this e-mail: nothing changes.\n`,
    html: layout(title, lines, input.code),
    preview: `code ${input.code}`,
  };
}
