import { useId } from "react";
import { Form } from "react-router";
import type { RootData } from "../../lib/root-data.ts";
import { Link } from "../ui/link.tsx";
import { CloseButton, Modal } from "../ui/modal.tsx";

/**
 * Under 992 px: the slide-in navigation with every category and Sign In or Logout (spec §2 Header). Mounted while
 * open; root.tsx loads its scripts when it first opens.
 */
export default function MobileNav({ data, onClose: close }: { data: RootData; onClose: () => void }) {
  const id = useId();
  return (
    <Modal
      onClose={close}
      labelledBy={`${id}-title`}
      describedBy={`${id}-description`}
      className="inset-y-0 left-0 h-full max-h-none w-[min(85vw,20rem)] bg-white shadow-xl motion-safe:animate-[slide-in_200ms_ease-out] lg:hidden"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
          <h2 id={`${id}-title`} className="text-lg font-bold text-brand-dark">
            Menu
          </h2>
          <p id={`${id}-description`} className="sr-only">
            Shop by category and manage your account.
          </p>
          <CloseButton label="Close navigation" onClick={close} />
        </div>
        <nav aria-label="Shop by category" className="flex-1 overflow-y-auto px-2 py-2">
          <ul>
            {data.categories.map((category) => (
              <li key={category.id}>
                <details className="group">
                  <summary className="flex cursor-pointer items-center justify-between rounded px-3 py-2 font-semibold hover:bg-gray-100">
                    {category.name}
                  </summary>
                  <ul className="mb-2 ml-4 border-l border-gray-200 pl-2">
                    <li>
                      <Link
                        to={`/products/category/${category.id}`}
                        onClick={close}
                        className="block rounded px-3 py-1.5 text-sm font-semibold hover:bg-gray-100"
                      >
                        All {category.name}
                      </Link>
                    </li>
                    {category.children.map((sub) => (
                      <li key={sub.id}>
                        <Link
                          to={`/products/subCat/${sub.id}`}
                          onClick={close}
                          className="block rounded px-3 py-1.5 text-sm hover:bg-gray-100"
                        >
                          {sub.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-gray-200 p-4">
          {data.user ? (
            <Form method="post" action="/logout" onSubmit={close}>
              <button type="submit" className="w-full rounded-full bg-brand-dark px-4 py-2 font-semibold text-white">
                Logout
              </button>
            </Form>
          ) : (
            <Link
              to="/signIn"
              onClick={close}
              className="block w-full rounded-full bg-brand-dark px-4 py-2 text-center font-semibold text-white"
            >
              Sign In
            </Link>
          )}
        </div>
      </div>
    </Modal>
  );
}
