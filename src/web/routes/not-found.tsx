import { data } from "react-router";
import { pageMessages } from "#shared/messages/shop.ts";

export function loader() {
  throw data(null, { status: 404 });
}

export function meta() {
  return [{ title: pageMessages.notFoundTitle }];
}

export default function NotFound() {
  return null;
}
