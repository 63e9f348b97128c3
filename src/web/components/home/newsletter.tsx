import { useId } from "react";
import { Icon } from "../ui/icon.tsx";

/** The spec shows no sign-up behaviour, so the box is disabled and says "Coming soon" instead of pretending. */
export function Newsletter() {
  const inputId = useId();
  const noteId = useId();
  return (
    <section aria-labelledby={`${inputId}-title`} className="rounded-xl bg-red-50 px-6 py-8">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-4 text-center lg:flex-row lg:justify-between lg:text-left">
        <div>
          <p className="font-semibold text-brand-dark">$20 off your first order</p>
          <h2 id={`${inputId}-title`} className="text-2xl font-bold">
            Join our newsletter and get...
          </h2>
          <p className="text-gray-700">Join our email subscription now to get updates on promotions and coupons.</p>
        </div>
        <form className="flex w-full max-w-md flex-col gap-1" aria-describedby={noteId} onSubmit={(e) => e.preventDefault()}>
          <div className="flex">
            <label htmlFor={inputId} className="sr-only">
              Your e-mail address
            </label>
            <span className="flex items-center rounded-l-lg border border-r-0 border-gray-300 bg-white px-3 text-gray-500">
              <Icon name="mail" size={18} />
            </span>
            <input
              id={inputId}
              type="email"
              disabled
              placeholder="Your email address"
              className="min-w-0 flex-1 border border-gray-300 bg-white px-3 py-2 disabled:cursor-not-allowed"
            />
            <button
              type="submit"
              disabled
              className="rounded-r-lg bg-gray-500 px-4 font-semibold text-white disabled:cursor-not-allowed"
            >
              Subscribe
            </button>
          </div>
          <p id={noteId} className="text-sm text-gray-700">
            Coming soon: newsletter sign-up is not available yet.
          </p>
        </form>
      </div>
    </section>
  );
}
