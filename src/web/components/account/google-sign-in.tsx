import { useEffect, useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { accountMessages } from "#shared/messages/account.ts";

interface GoogleAccounts {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential: string }) => void }): void;
      renderButton(element: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

const GIS_SCRIPT = "https://accounts.google.com/gsi/client";

/**
 * "Sign in with Google". With GOOGLE_CLIENT_ID set, Google Identity Services renders its button and hands back an ID
 * token, which is posted (intent=google, credential) to the current route's action — the same form a test or a script
 * can submit with a token of its own. Without a client id the button still shows, and answers that Google sign-in is
 * not configured (the action says so; with JavaScript it is said at once).
 */
export function GoogleSignIn({ clientId, redirectTo }: { clientId: string | null; redirectTo?: string }) {
  const submit = useSubmit();
  const buttonRef = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!clientId || !buttonRef.current) return;
    const element = buttonRef.current;
    const start = () => {
      const google = (window as unknown as { google?: GoogleAccounts }).google;
      if (!google) return;
      google.accounts.id.initialize({
        client_id: clientId,
        callback: ({ credential }) =>
          submit({ intent: "google", credential, ...(redirectTo ? { redirectTo } : {}) }, { method: "post" }),
      });
      google.accounts.id.renderButton(element, { theme: "outline", size: "large", width: 320, text: "signin_with" });
      setReady(true);
    };
    const existing = document.querySelector<HTMLScriptElement>(`script[src="${GIS_SCRIPT}"]`);
    if (existing) {
      start();
      existing.addEventListener("load", start);
      return () => existing.removeEventListener("load", start);
    }
    const script = document.createElement("script");
    script.src = GIS_SCRIPT;
    script.async = true;
    script.addEventListener("load", start);
    document.head.append(script);
    return () => script.removeEventListener("load", start);
  }, [clientId, redirectTo, submit]);

  return (
    <div className="mt-6">
      <div className="mb-4 flex items-center gap-3 text-sm text-gray-500">
        <span className="h-px flex-1 bg-gray-200" /> or <span className="h-px flex-1 bg-gray-200" />
      </div>
      <div ref={buttonRef} className="flex justify-center" />
      {!ready && (
        <Form method="post" id="google-sign-in">
          <input type="hidden" name="intent" value="google" />
          {/* No value or defaultValue at all: a script (or a test) that fills in a token of its own keeps it when React
              renders again. For a hidden input the default IS the value, so React writing defaultValue="" on a render
              wiped a token put there. */}
          <input type="hidden" name="credential" />
          {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
          <button
            type="submit"
            className="flex w-full items-center justify-center gap-2 rounded border border-gray-300 bg-white px-4 py-2.5 font-semibold text-gray-800 hover:bg-gray-50"
          >
            <GoogleLogo />
            Sign in with Google
          </button>
          {!clientId && <p className="mt-2 text-center text-xs text-gray-500">{accountMessages.googleUnavailable}</p>}
        </Form>
      )}
    </div>
  );
}

function GoogleLogo() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 48 48">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.4 13.6 17.7 9.5 24 9.5z"
      />
      <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.5 5.8c4.4-4 6.8-10 6.8-17.2z" />
      <path fill="#FBBC05" d="M10.5 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.8-6C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6z" />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-4.1-13.5-9.8l-7.8 6C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}
