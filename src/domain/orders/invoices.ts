import { and, eq, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { type Db, type DbExecutor, withTransaction } from "#db/client.ts";
import { invoiceSequences, orderEvents, orders } from "#db/schema/orders.ts";
import { amountInWords } from "#shared/amount-in-words.ts";
import { findIndianState } from "#shared/indian-states.ts";
import { invoiceMessages as m } from "#shared/messages/back-office-invoices.ts";
import type { Actor, AuditEntry } from "../back-office/audit.ts";
import type { ShopSettings } from "../back-office/shop-settings.ts";
import { AppError, notFound } from "../errors.ts";
import { financialYear, holdsInvoice, invoiceNumber, type TaxedLine, type TaxTotals, taxLine, taxTotals } from "./invoice-tax.ts";
import { byId, findOrder } from "./order-rows.ts";
import type { Order, OrderLine } from "./types.ts";

export interface InvoicesDeps {
  db: Db;
  now: () => Date;
  /** The shop's own details belong to the back office (decision 011). */
  settings: { get(tx?: DbExecutor): Promise<ShopSettings> };
  audit: { record(tx: DbExecutor, actor: Actor, entry: AuditEntry): Promise<unknown> };
}

/** Who prints: staff (audited too) or the order's shopper. */
export interface Printer extends Actor {
  staff: boolean;
}

export interface Seller {
  shopName: string;
  addressLines: string[];
  state: string;
  stateCode: string;
  gstin: string;
}

interface Issued {
  number: string;
  issuedAt: Date;
}

export interface Buyer {
  name: string;
  addressLines: string[];
  state: string;
  country: string;
  phoneNumber: string;
  email: string;
}

export interface InvoiceLine extends TaxedLine {
  title: string;
  /** The chosen options: "RAM 8GB · Size XL". */
  options: string;
  /** The product's HSN code when ordered; "" when it had none (or the line predates migration 0019). */
  hsnCode: string;
  quantity: number;
  unitPricePaise: number;
}

export interface Invoice {
  orderId: string;
  number: string;
  issuedAt: Date;
  orderedAt: Date;
  paidAt: Date | null;
  paymentId: string | null;
  seller: Seller;
  buyer: Buyer;
  /** The buyer's state (or country outside India): CGST + SGST when it is the shop's, else IGST. */
  placeOfSupply: string;
  withinState: boolean;
  lines: InvoiceLine[];
  totals: TaxTotals;
  amountInWords: string;
  /** Lines older than migration 0014 have no recorded rate. */
  someRatesMissing: boolean;
}

export interface PackingSlip {
  orderId: string;
  orderedAt: Date;
  seller: Seller;
  shipTo: Buyer & { pincode: string };
  lines: { title: string; options: string; quantity: number }[];
}

export type InvoicesService = ReturnType<typeof createInvoices>;

const optionsOf = (line: OrderLine) =>
  [
    line.productRam && `RAM ${line.productRam}`,
    line.size && `Size ${line.size}`,
    line.productWeight && `Weight ${line.productWeight}`,
  ]
    .filter(Boolean)
    .join(" · ");

function buyerOf(order: Order): Buyer {
  const b = order.billing;
  return {
    name: b.fullName,
    addressLines: [b.streetAddressLine1, b.streetAddressLine2, `${b.city}, ${b.state} ${b.zipCode}`, b.country].filter(Boolean),
    state: b.state,
    country: b.country,
    phoneNumber: b.phoneNumber,
    email: b.email,
  };
}

function sellerOf(settings: ShopSettings): Seller {
  return {
    shopName: settings.shopName,
    addressLines: settings.address.split("\n").filter(Boolean),
    state: settings.state,
    stateCode: findIndianState(settings.state)?.code ?? "",
    gstin: settings.gstin,
  };
}

/** The tax invoice as printed: seller, buyer, lines with the GST inside their prices, totals, amount in words. */
export function buildInvoice(order: Order, issued: Issued, seller: Seller): Invoice {
  const shopState = findIndianState(seller.state);
  const buyerState = order.billing.country.trim().toLowerCase() === "india" ? findIndianState(order.billing.state) : undefined;
  const withinState = shopState !== undefined && buyerState?.code === shopState.code;
  const lines = order.lines.map((line) => ({
    title: line.productTitle,
    options: optionsOf(line),
    hsnCode: line.hsnCode ?? "",
    quantity: line.quantity,
    unitPricePaise: line.pricePaise,
    ...taxLine(line.subTotalPaise, line.taxRateBasisPoints ?? null, withinState),
  }));
  const totals = taxTotals(lines);
  return {
    orderId: order.id,
    number: issued.number,
    issuedAt: issued.issuedAt,
    orderedAt: order.createdAt,
    paidAt: order.paidAt,
    paymentId: order.paymentId,
    seller,
    buyer: buyerOf(order),
    placeOfSupply: buyerState ? `${buyerState.name} (${buyerState.code})` : `${order.billing.state}, ${order.billing.country}`,
    withinState,
    lines,
    totals,
    amountInWords: amountInWords(totals.amountPaise),
    someRatesMissing: lines.some((line) => line.rateBasisPoints === null),
  };
}

/**
 * Tax invoices and packing slips (issue 34, item 2). An invoice is numbered the first time it is printed: the order's
 * row and then its financial year's sequence row are locked in one transaction, so numbers have no gaps or repeats.
 */
export function createInvoices({ db, now, settings, audit }: InvoicesDeps) {
  async function issue(orderId: string, printer: Printer): Promise<Issued & { seller: Seller | null }> {
    return withTransaction(db, async (tx) => {
      const [row] = await tx
        .select({
          status: orders.status,
          paidAt: orders.paidAt,
          number: orders.invoiceNumber,
          issuedAt: orders.invoiceIssuedAt,
          seller: orders.invoiceSeller,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for("update");
      if (!row) throw notFound(m.orderNotFound);
      if (row.number && row.issuedAt) return { number: row.number, issuedAt: row.issuedAt, seller: row.seller };
      if (!holdsInvoice(row)) throw new AppError("CONFLICT", m.notInvoiceable(row.status));
      const shop = await settings.get(tx);
      if (!shop.shopName || !findIndianState(shop.state)) throw new AppError("CONFLICT", m.noSettings);
      const issuedAt = now();
      const year = financialYear(issuedAt);
      // The upsert holds the year's row until commit: a concurrent first print waits here, then takes the next.
      const [taken] = await tx
        .insert(invoiceSequences)
        .values({ financialYear: year, lastNumber: 1 })
        .onConflictDoUpdate({
          target: invoiceSequences.financialYear,
          set: { lastNumber: sql`${invoiceSequences.lastNumber} + 1` },
        })
        .returning({ lastNumber: invoiceSequences.lastNumber });
      if (!taken) throw new Error("invoice sequence not advanced");
      const number = invoiceNumber(year, taken.lastNumber);
      const seller = sellerOf(shop);
      await tx
        .update(orders)
        .set({ invoiceNumber: number, invoiceIssuedAt: issuedAt, invoiceSeller: seller })
        .where(eq(orders.id, orderId));
      await tx.insert(orderEvents).values({
        id: uuidv7(),
        orderId,
        at: issuedAt,
        actorId: printer.id,
        actorEmail: printer.email,
        kind: "invoice_issued",
        data: { invoiceNumber: number, financialYear: year },
      });
      if (printer.staff) {
        await audit.record(tx, printer, {
          action: "invoice.issue",
          entityType: "order",
          entityId: orderId,
          before: { invoiceNumber: null },
          after: { invoiceNumber: number },
        });
      }
      return { number, issuedAt, seller };
    });
  }

  async function invoice(orderId: string, printer: Printer): Promise<Invoice> {
    const { seller, ...issued } = await issue(orderId, printer);
    const order = await findOrder(db, byId(orderId));
    if (!order) throw notFound(m.orderNotFound);
    // Invoices issued before migration 0017 kept no seller: they show the current settings, as they always did.
    return buildInvoice(order, issued, seller ?? sellerOf(await settings.get()));
  }

  return {
    holdsInvoice,

    /** Staff: any order whose money the shop holds (or that already has its number). */
    forStaff: (orderId: string, actor: Actor): Promise<Invoice> => invoice(orderId, { ...actor, staff: true }),

    /** The shopper's own order only: another's, like an unknown one, is not found. */
    async forShopper(shopper: Actor & { id: string }, orderId: string): Promise<Invoice> {
      const [own] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, shopper.id)));
      if (!own) throw notFound(m.orderNotFound);
      return invoice(orderId, { ...shopper, staff: false });
    },

    /** What goes in the parcel and where: no prices; for the same orders as invoices, and numbers nothing. */
    async packingSlip(orderId: string): Promise<PackingSlip> {
      const [order, shop] = await Promise.all([findOrder(db, byId(orderId)), settings.get()]);
      if (!order) throw notFound(m.orderNotFound);
      if (!holdsInvoice(order)) throw new AppError("CONFLICT", m.notPackable(order.status));
      return {
        orderId: order.id,
        orderedAt: order.createdAt,
        seller: sellerOf(shop),
        shipTo: { ...buyerOf(order), pincode: order.pincode },
        lines: order.lines.map((line) => ({ title: line.productTitle, options: optionsOf(line), quantity: line.quantity })),
      };
    },
  };
}
