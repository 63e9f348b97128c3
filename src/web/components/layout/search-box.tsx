import { useEffect, useId, useRef, useState } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import { IMAGE_WIDTHS, SEARCH_SUGGESTION_NAME_MAX } from "#shared/constants.ts";
import { imageUrl } from "#shared/images.ts";
import { formatRupees, rupeesToPaise } from "#shared/money.ts";
import { matchedRange, truncate } from "#shared/text.ts";
import { useRootData } from "../../lib/root-data.ts";
import { Icon } from "../ui/icon.tsx";
import { Link } from "../ui/link.tsx";
import { type Suggestion, useSuggestions } from "./use-suggestions.ts";

export const SEARCH_INPUT_ID = "site-search";

/** The server's narrowest resized copy: sharp for a 40 px thumbnail at 2× density. */
const SUGGESTION_IMAGE_WIDTH = IMAGE_WIDTHS[0];

/** One entry of the list: a product, or the last one, "Search for “text”". */
interface Option {
  key: string;
  href: string;
  suggestion: Suggestion | null;
}

const searchHref = (text: string) => `/search?${new URLSearchParams({ q: text })}`;

/**
 * The header's search box (spec §2): a GET form to /search?q=, and with JavaScript a WAI-ARIA 1.2 combobox
 * (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/) suggesting products. Keys as in the pattern, focus staying in the
 * input; the first Escape closes the list, the second clears the text.
 */
export function SearchBox({ className = "" }: { className?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const shopperLocation = useRootData()?.location ?? null;
  const [text, setText] = useState(() => new URLSearchParams(location.search).get("q") ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const formRef = useRef<HTMLFormElement>(null);
  const {
    suggestions,
    suggestedFor,
    suggest,
    cancelPending,
    clear: clearSuggestions,
    reset: resetSuggestions,
  } = useSuggestions({
    location: shopperLocation,
    onShown: () => {
      setActive(-1);
      setOpen(true);
    },
    onCleared: close,
  });
  const id = useId();
  const listboxId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const options: Option[] =
    suggestions === null
      ? []
      : [
          ...suggestions.map((suggestion) => ({ key: suggestion.id, href: `/product/${suggestion.id}`, suggestion })),
          { key: "search", href: searchHref(suggestedFor), suggestion: null },
        ];
  const expanded = open && options.length > 0;
  const activeId = expanded && active >= 0 && active < options.length ? optionId(active) : undefined;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  // Any navigation (a suggestion, the search itself, another link) closes the list; the box shows the new URL's q.
  useEffect(() => {
    resetSuggestions();
    setText(new URLSearchParams(location.search).get("q") ?? "");
    setOpen(false);
    setActive(-1);
  }, [location, resetSuggestions]);

  // A press anywhere outside the box and its list closes the list.
  useEffect(() => {
    if (!expanded) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!formRef.current?.contains(event.target as Node)) {
        setOpen(false);
        setActive(-1);
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [expanded]);

  // Keeps the active option in sight when the list scrolls.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (options.length === 0) return;
        event.preventDefault();
        const last = options.length - 1;
        if (!expanded) {
          setOpen(true);
          setActive(event.key === "ArrowDown" ? 0 : last);
        } else if (event.key === "ArrowDown") {
          setActive(active >= last ? 0 : active + 1);
        } else {
          setActive(active <= 0 ? last : active - 1);
        }
        return;
      }
      case "Enter": {
        const option = expanded ? options[active] : undefined;
        if (!option) return; // the form submits: /search?q=
        event.preventDefault();
        cancelPending();
        close();
        navigate(option.href);
        return;
      }
      case "Escape":
        // The first Escape closes the list; the next clears the text (as a search field's Escape does).
        event.preventDefault();
        if (expanded) close();
        else if (text !== "") {
          setText("");
          clearSuggestions();
        }
        return;
      case "Tab":
        close();
        return;
    }
  }

  const status = expanded
    ? suggestions?.length === 0
      ? "No suggestions"
      : `${suggestions?.length} suggestion${suggestions?.length === 1 ? "" : "s"}`
    : "";

  return (
    <Form
      ref={formRef}
      method="get"
      action="/search"
      role="search"
      className={`flex lg:relative ${className}`}
      onSubmit={() => {
        cancelPending();
        close();
      }}
    >
      <label htmlFor={SEARCH_INPUT_ID} className="sr-only">
        Search for products
      </label>
      <input
        id={SEARCH_INPUT_ID}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={activeId}
        autoComplete="off"
        required
        pattern=".*\S.*"
        title="Type what you are looking for"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          suggest(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (options.length > 0 && text.trim() === suggestedFor) setOpen(true);
        }}
        onBlur={(event) => {
          // Focus moved on to something else on the page (a press outside is handled above, Tab in onKeyDown).
          if (event.relatedTarget && !formRef.current?.contains(event.relatedTarget)) close();
        }}
        placeholder="Search for products..."
        className="min-w-0 flex-1 rounded-l-lg border border-r-0 border-gray-300 bg-gray-50 px-3 py-2"
      />
      <button
        type="submit"
        aria-label="Search"
        className="flex items-center justify-center rounded-r-lg bg-brand-dark px-4 text-white hover:bg-brand"
      >
        <Icon name="search" size={18} />
      </button>
      {/* Under 992 px the list spans the header, so names have room on a phone. Its mousedown is cancelled: focus stays
          in the input, so a click on an option lands before any blur. */}
      <div
        id={listboxId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!expanded}
        onMouseDown={(event) => event.preventDefault()}
        className="absolute inset-x-4 top-full z-50 mt-1 max-h-[min(28rem,70vh)] overflow-y-auto rounded-lg border border-gray-200 bg-white py-1 shadow-lg lg:inset-x-0"
      >
        {expanded
          ? options.map((option, index) => (
              <Link
                key={option.key}
                id={optionId(index)}
                to={option.href}
                role="option"
                aria-selected={index === active}
                tabIndex={-1}
                onClick={() => {
                  cancelPending();
                  close();
                }}
                className={`flex items-center gap-3 px-3 py-2 text-sm text-gray-800 hover:bg-gray-100 ${
                  index === active ? "bg-gray-100" : ""
                }`}
              >
                {option.suggestion ? (
                  <SuggestionContent suggestion={option.suggestion} typed={suggestedFor} />
                ) : (
                  <>
                    <Icon name="search" size={16} className="shrink-0 text-gray-500" />
                    <span className="min-w-0 break-words">Search for “{suggestedFor}”</span>
                  </>
                )}
              </Link>
            ))
          : null}
      </div>
      <p role="status" className="sr-only">
        {status}
      </p>
    </Form>
  );
}

function SuggestionContent({ suggestion, typed }: { suggestion: Suggestion; typed: string }) {
  const name = truncate(suggestion.name, SEARCH_SUGGESTION_NAME_MAX);
  const range = matchedRange(suggestion.name, typed);
  // The mark covers what is left of the match after the cut (never the added ellipsis).
  const start = range ? Math.min(range[0], SEARCH_SUGGESTION_NAME_MAX) : 0;
  const end = range ? Math.min(range[1], SEARCH_SUGGESTION_NAME_MAX, suggestion.name.length) : 0;
  const image = suggestion.images[0];
  return (
    <>
      {image ? (
        <img
          src={`${imageUrl(image)}?w=${SUGGESTION_IMAGE_WIDTH}`}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          decoding="async"
          className="size-10 shrink-0 rounded bg-gray-100 object-cover"
        />
      ) : (
        <span aria-hidden="true" className="size-10 shrink-0 rounded bg-gray-100" />
      )}
      <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:gap-3">
        <span className="min-w-0 flex-1 break-words">
          {end > start ? (
            <>
              {name.slice(0, start)}
              <mark className="bg-transparent font-semibold text-brand-dark">{name.slice(start, end)}</mark>
              {name.slice(end)}
            </>
          ) : (
            name
          )}
        </span>
        <span className="shrink-0 font-semibold text-brand-dark">{formatRupees(rupeesToPaise(suggestion.price))}</span>
      </span>
    </>
  );
}
