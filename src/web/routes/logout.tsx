import { data } from "react-router";

// Placeholder until its issue builds this screen: an honest 404, never a fake page.
export function loader() {
  throw data(null, { status: 404 });
}

export default function Placeholder() {
  return null;
}
