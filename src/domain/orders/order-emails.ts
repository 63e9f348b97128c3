import { formatRupees } from "#shared/money.ts";
import type { MailMessage } from "../accounts/ports.ts";
import type { Order, OrderStatus } from "./types.ts";

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** An order e-mail: a text part and plain branded HTML naming the order, what was bought and a link to /orders. */
interface OrderEmail {
  subject: string;
  title: string;
  /** Plain text after the greeting; its `**…**` parts are bold in the HTML. */
  news: string;
  /** Adds "Delivery to", for goods on their way. */
  withAddress: boolean;
}

/** The status changes a shopper hears about (by the owner's command, refunds by reconciliation too). */
export const STATUS_EMAILS = {
  shipped: (order: Order): OrderEmail => ({
    subject: `Your Storefront order ${order.id} has shipped`,
    title: "Your order is on its way",
    news: order.trackingNumber
      ? `Your order ${order.id} has shipped with **${order.carrier ?? ""}**, tracking number **${order.trackingNumber}**.`
      : `Your order ${order.id} has shipped.`,
    withAddress: true,
  }),
  delivered: (order: Order): OrderEmail => ({
    subject: `Your Storefront order ${order.id} is delivered`,
    title: "Your order is delivered",
    news: `Your order ${order.id} is delivered. We hope you enjoy it; you can review what you bought on its product page.`,
    withAddress: false,
  }),
  cancelled: (order: Order): OrderEmail => ({
    subject: `Your Storefront order ${order.id} is cancelled`,
    title: "Your order is cancelled",
    news: `Your order ${order.id} is cancelled. If the payment for it is to come back to you, we will write again when it is refunded.`,
    withAddress: false,
  }),
  refunded: (order: Order): OrderEmail => ({
    subject: `Your Storefront payment for order ${order.id} is refunded`,
    title: "Your payment is refunded",
    news: `We refunded **${formatRupees(order.amountPaise)}** for order ${order.id} to the account you paid from. Banks usually show it within a few working days.`,
    withAddress: false,
  }),
} as const satisfies Partial<Record<OrderStatus, (order: Order) => OrderEmail>>;

export type EmailedStatus = keyof typeof STATUS_EMAILS;

export function isEmailedStatus(status: string): status is EmailedStatus {
  return Object.hasOwn(STATUS_EMAILS, status);
}

export function orderConfirmationEmail(order: Order, publicUrl: string): MailMessage {
  const total = formatRupees(order.amountPaise);
  return orderEmail(order, publicUrl, {
    subject: `Your Storefront order ${order.id} is placed`,
    title: "Thank you, your order is placed",
    news: `Thank you for your order ${order.id}. Your payment of **${total}** is received.`,
    withAddress: true,
  });
}

/** A part of the payment refunded (the order keeps its status); the whole refunded is `STATUS_EMAILS.refunded`. */
export function partialRefundEmail(order: Order, amountPaise: number, publicUrl: string): MailMessage {
  return orderEmail(order, publicUrl, {
    subject: `Part of your Storefront payment for order ${order.id} is refunded`,
    title: "Part of your payment is refunded",
    news: `We refunded **${formatRupees(amountPaise)}** of your payment for order ${order.id} to the account you paid from. Banks usually show it within a few working days.`,
    withAddress: false,
  });
}

export function orderStatusEmail(order: Order, status: EmailedStatus, publicUrl: string): MailMessage {
  return orderEmail(order, publicUrl, STATUS_EMAILS[status](order));
}

function orderEmail(order: Order, publicUrl: string, email: OrderEmail): MailMessage {
  const ordersUrl = `${publicUrl}/orders`;
  const lines = order.lines.map((line) => ({
    title: line.productTitle,
    detail: `${line.quantity} × ${formatRupees(line.pricePaise)}`,
    subTotal: formatRupees(line.subTotalPaise),
  }));
  const total = formatRupees(order.amountPaise);
  const address = `${order.address}, ${order.billing.city}, ${order.billing.state} ${order.pincode}, ${order.billing.country}`;
  const text = [
    `Hello ${order.name},`,
    email.news.replaceAll("**", ""),
    lines.map((line) => `- ${line.title}: ${line.detail} = ${line.subTotal}`).join("\n"),
    `Total: ${total}`,
    ...(email.withAddress ? [`Delivery to: ${address}`] : []),
    `Your orders: ${ordersUrl}`,
  ].join("\n\n");
  const news = escapeHtml(email.news).replace(/\*\*(.+?)\*\*/g, "<b>$1</b>");
  const rows = lines
    .map(
      (line) =>
        `<tr><td style="padding:6px 0">${escapeHtml(line.title)}<br><span style="color:#666;font-size:13px">${escapeHtml(line.detail)}</span></td><td style="padding:6px 0;text-align:right">${escapeHtml(line.subTotal)}</td></tr>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(email.title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#222">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;overflow:hidden">
<tr><td style="background:#c62828;color:#fff;padding:16px 24px;font-size:20px;font-weight:700">Storefront</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(email.title)}</h1>
<p style="margin:0 0 12px">Hello ${escapeHtml(order.name)},</p>
<p style="margin:0 0 12px">${news}</p>
<table role="presentation" width="100%" style="border-collapse:collapse;margin:12px 0">
${rows}
<tr><td style="padding:8px 0;border-top:1px solid #ddd;font-weight:700">Total</td><td style="padding:8px 0;border-top:1px solid #ddd;text-align:right;font-weight:700">${escapeHtml(total)}</td></tr>
</table>
${email.withAddress ? `<p style="margin:0 0 12px">Delivery to: ${escapeHtml(address)}</p>\n` : ""}<p style="margin:0"><a href="${escapeHtml(ordersUrl)}" style="color:#c62828;font-weight:700">See your orders</a></p>
</td></tr></table></body></html>`;
  return { to: order.email, subject: email.subject, text: `${text}\n`, html, preview: `order ${order.id}` };
}
