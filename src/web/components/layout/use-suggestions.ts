// The search box's suggestions: asked for once typing pauses (GET /api/search/suggest), the previous request abandoned.
import { useCallback, useEffect, useRef, useState } from "react";

const SUGGEST_DEBOUNCE_MS = 150;
const SUGGEST_LIMIT = 8;

/** A product as `GET /api/search/suggest` answers it (price in rupees). */
export interface Suggestion {
  id: string;
  name: string;
  /** Served from `/download/{file}` on this shop: same origin, as the page's CSP wants. */
  images: string[];
  price: number;
}

function isSuggestionList(body: unknown): body is Suggestion[] {
  return (
    Array.isArray(body) &&
    body.every(
      (item) =>
        typeof item?.id === "string" &&
        typeof item.name === "string" &&
        typeof item.price === "number" &&
        Array.isArray(item.images),
    )
  );
}

/** In the shopper's delivery location; `onCleared` runs when the list goes (blank text, or a failed request). */
export function useSuggestions({
  location,
  onShown,
  onCleared,
}: {
  location: string | null;
  onShown: () => void;
  onCleared: () => void;
}) {
  const [suggestions, setSuggestions] = useState<Suggestion[] | null>(null);
  const [suggestedFor, setSuggestedFor] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | null>(null);

  const cancelPending = useCallback(() => {
    clearTimeout(timer.current);
    request.current?.abort();
    request.current = null;
  }, []);

  /** Abandons what is pending and forgets the list. */
  const reset = useCallback(() => {
    cancelPending();
    setSuggestions(null);
  }, [cancelPending]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function clear() {
    reset();
    onCleared();
  }

  function suggest(value: string) {
    cancelPending();
    const typed = value.trim();
    if (typed === "") {
      clear();
      return;
    }
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      request.current = controller;
      const params = new URLSearchParams({ q: typed, limit: String(SUGGEST_LIMIT) });
      if (location) params.set("location", location);
      try {
        const response = await fetch(`/api/search/suggest?${params}`, {
          signal: controller.signal,
          headers: { accept: "application/json" },
        });
        const body: unknown = response.ok ? await response.json() : null;
        if (controller.signal.aborted) return;
        if (!isSuggestionList(body)) throw new Error("no suggestions");
        setSuggestions(body);
        setSuggestedFor(typed);
        onShown();
      } catch {
        // Suggestions are a convenience: when they fail, the shopper can still search.
        if (!controller.signal.aborted) clear();
      } finally {
        if (request.current === controller) request.current = null;
      }
    }, SUGGEST_DEBOUNCE_MS);
  }

  return { suggestions, suggestedFor, suggest, cancelPending, clear, reset };
}
