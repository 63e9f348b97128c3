import { formatRupees } from "#shared/money.ts";
import type { MailMessage } from "../accounts/ports.ts";
import type { Order } from "./types.ts";

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** The order confirmation: what was bought at which price, the total, where it goes, and a link to /orders. */
export function orderConfirmationEmail(order: Order, publicUrl: string): MailMessage {
  const ordersUrl = `${publicUrl}/orders`;
  const lines = order.lines.map((line) => ({
    title: line.productTitle,
    detail: `${line.quantity} × ${formatRupees(line.pricePaise)}`,
    subTotal: formatRupees(line.subTotalPaise),
  }));
  const total = formatRupees(order.amountPaise);
  const text = [
    `Hello ${order.name},`,
    `Thank you for your order ${order.id}. Your payment of ${total} is received.`,
    lines.map((line) => `- ${line.title}: ${line.detail} = ${line.subTotal}`).join("\n"),
    `Total: ${total}`,
    `Delivery to: ${order.address}, ${order.billing.city}, ${order.billing.state} ${order.pincode}, ${order.billing.country}`,
    `Your orders: ${ordersUrl}`,
  ].join("\n\n");
  const rows = lines
    .map(
      (line) =>
        `<tr><td style="padding:6px 0">${escapeHtml(line.title)}<br><span style="color:#666;font-size:13px">${escapeHtml(line.detail)}</span></td><td style="padding:6px 0;text-align:right">${escapeHtml(line.subTotal)}</td></tr>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Your order is placed</title></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#222">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;overflow:hidden">
<tr><td style="background:#c62828;color:#fff;padding:16px 24px;font-size:20px;font-weight:700">Storefront</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:18px;margin:0 0 16px">Thank you, your order is placed</h1>
<p style="margin:0 0 12px">Hello ${escapeHtml(order.name)}, we received your payment of <b>${escapeHtml(total)}</b> for order ${escapeHtml(order.id)}.</p>
<table role="presentation" width="100%" style="border-collapse:collapse;margin:12px 0">
${rows}
<tr><td style="padding:8px 0;border-top:1px solid #ddd;font-weight:700">Total</td><td style="padding:8px 0;border-top:1px solid #ddd;text-align:right;font-weight:700">${escapeHtml(total)}</td></tr>
</table>
<p style="margin:0 0 12px">Delivery to: ${escapeHtml(`${order.address}, ${order.billing.city}, ${order.billing.state} ${order.pincode}, ${order.billing.country}`)}</p>
<p style="margin:0"><a href="${escapeHtml(ordersUrl)}" style="color:#c62828;font-weight:700">See your orders</a></p>
</td></tr></table></body></html>`;
  return {
    to: order.email,
    subject: `Your Storefront order ${order.id} is placed`,
    text: `${text}\n`,
    html,
    preview: `order ${order.id}`,
  };
}
