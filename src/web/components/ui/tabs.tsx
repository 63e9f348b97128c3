import { createContext, useContext, useId } from "react";

/**
 * The WAI-ARIA tabs pattern (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/); `manual` waits for Enter or Space, for
 * panels loaded over the network. Other panels stay empty and hidden so every `aria-controls` points at an element.
 * Style the selected tab with `aria-selected:`.
 */
interface TabsState {
  baseId: string;
  value: string;
  select: (value: string) => void;
  activation: "automatic" | "manual";
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error("Tab, TabList and TabPanel belong inside <Tabs>");
  return state;
}

// Values may hold spaces (category names) and ids may not.
const tabId = (baseId: string, value: string) => `${baseId}-tab-${encodeURIComponent(value)}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${encodeURIComponent(value)}`;

export function Tabs<T extends string>({
  value,
  onValueChange,
  activation = "automatic",
  className,
  children,
}: {
  value: T;
  onValueChange: (value: T) => void;
  activation?: "automatic" | "manual";
  className?: string;
  children: React.ReactNode;
}) {
  const baseId = useId();
  // The tabs' values are the `T`s the caller rendered them with.
  const state: TabsState = { baseId, value, select: (next) => onValueChange(next as T), activation };
  return (
    <TabsContext value={state}>
      <div className={className}>{children}</div>
    </TabsContext>
  );
}

const KEY_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowRight: (index, count) => (index + 1) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

export function TabList({ className, children, ...label }: { className?: string; children: React.ReactNode } & TabListLabel) {
  function moveFocus(event: React.KeyboardEvent<HTMLDivElement>) {
    const move = KEY_MOVES[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not(:disabled)'));
    const index = tabs.indexOf(event.target as HTMLElement);
    if (index === -1) return;
    event.preventDefault();
    tabs[move(index, tabs.length)]?.focus();
  }

  return (
    <div role="tablist" className={className} onKeyDown={moveFocus} {...label}>
      {children}
    </div>
  );
}

type TabListLabel = { "aria-label": string } | { "aria-labelledby": string };

export function Tab({ value, className, children }: { value: string; className?: string; children: React.ReactNode }) {
  const { baseId, value: selectedValue, select, activation } = useTabs();
  const selected = value === selectedValue;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(baseId, value)}
      aria-selected={selected}
      aria-controls={panelId(baseId, value)}
      tabIndex={selected ? 0 : -1}
      className={className}
      onClick={() => {
        if (!selected) select(value);
      }}
      onFocus={() => {
        if (activation === "automatic" && !selected) select(value);
      }}
    >
      {children}
    </button>
  );
}

export function TabPanel({ value, className, children }: { value: string; className?: string; children: React.ReactNode }) {
  const { baseId, value: selectedValue } = useTabs();
  const selected = value === selectedValue;
  return (
    <div
      role="tabpanel"
      id={panelId(baseId, value)}
      aria-labelledby={tabId(baseId, value)}
      hidden={!selected}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the pattern's panel is a tab stop, so text-only panels are reachable
      tabIndex={0}
      className={className}
    >
      {selected ? children : null}
    </div>
  );
}
