// Every sentence the shop shows a person (pages, toasts, API answers), written once for the web app, the API and the
// domain; the shared form schemas (src/shared/schemas/) take their messages from here. The texts live in
// src/shared/messages/ by area: the server imports them all from here, a module the browser loads imports its area's
// file, so a page's scripts carry only its area's texts (decision 030; bench/page-weight.test.ts checks).
export * from "./messages/account.ts";
export * from "./messages/checkout.ts";
export * from "./messages/fields.ts";
export * from "./messages/shop.ts";
