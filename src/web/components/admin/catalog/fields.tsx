import { Form } from "react-router";
import { adminInput, adminSecondaryButton } from "../ui.tsx";

// Labelled inputs of the categories and banners pages, each with its error beside it (aria-describedby).

export type FieldErrors = Partial<Record<string, string>>;

const label = "block text-sm font-medium text-gray-700";

function Described({ id, error, hint }: { id: string; error: string | undefined; hint?: string | undefined }) {
  return (
    <>
      {hint && (
        <span id={`${id}-hint`} className="mt-1 block text-xs font-normal text-gray-600">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="mt-1 block text-sm font-normal text-red-800">
          {error}
        </span>
      )}
    </>
  );
}

const describedBy = (id: string, error: string | undefined, hint: string | undefined) =>
  [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

export function TextField(props: {
  id: string;
  name: string;
  label: string;
  defaultValue?: string | undefined;
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
  maxLength?: number;
  type?: "text" | "datetime-local";
  list?: string;
}) {
  const { id, error, hint } = props;
  return (
    <label htmlFor={id} className={label}>
      {props.label}
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        defaultValue={props.defaultValue}
        required={props.required}
        maxLength={props.maxLength}
        list={props.list}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={`${adminInput} mt-1`}
      />
      <Described id={id} error={error} hint={hint} />
    </label>
  );
}

export function ColorField({ id, defaultValue, error }: { id: string; defaultValue: string; error?: string | undefined }) {
  return (
    <label htmlFor={id} className={label}>
      Colour
      <input
        id={id}
        name="color"
        type="color"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, undefined)}
        className="mt-1 block h-10 w-20 cursor-pointer rounded border border-gray-300 bg-white p-1"
      />
      <Described id={id} error={error} />
    </label>
  );
}

export interface Choice {
  value: string;
  label: string;
  /** Sub-categories are listed under their category. */
  group?: string;
}

export function SelectField(props: {
  id: string;
  name: string;
  label: string;
  choices: Choice[];
  defaultValue?: string | undefined;
  error?: string | undefined;
  empty?: string;
}) {
  const { id, error } = props;
  return (
    <label htmlFor={id} className={label}>
      {props.label}
      <select
        id={id}
        name={props.name}
        defaultValue={props.defaultValue ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, undefined)}
        className={`${adminInput} mt-1`}
      >
        {props.empty !== undefined && <option value="">{props.empty}</option>}
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.group ? `${choice.group} › ${choice.label}` : choice.label}
          </option>
        ))}
      </select>
      <Described id={id} error={error} />
    </label>
  );
}

/** The picture library's recent pictures (and those in use) offered to a picture input: file name, original name. */
export function PictureSuggestions({ id, pictures }: { id: string; pictures: { fileName: string; label: string }[] }) {
  return (
    <datalist id={id}>
      {pictures.map((picture) => (
        <option key={picture.fileName} value={picture.fileName}>
          {picture.label}
        </option>
      ))}
    </datalist>
  );
}

/** Up and down buttons, each its own small form (no script needed). */
export function MoveButtons({ id, label, first, last }: { id: string; label: string; first: boolean; last: boolean }) {
  return (
    <div className="flex gap-1">
      {(["up", "down"] as const).map((direction) => (
        <Form method="post" key={direction}>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="direction" value={direction} />
          <button
            type="submit"
            className={`${adminSecondaryButton} px-2 py-1`}
            disabled={direction === "up" ? first : last}
            aria-label={`Move ${label} ${direction}`}
          >
            <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
          </button>
        </Form>
      ))}
    </div>
  );
}

/** The field an action failure belongs to: a zod issue's path, or the domain error's `field`. */
export function fieldOf(path: readonly PropertyKey[] | undefined, fallback = "form"): string {
  const first = path?.[0];
  return typeof first === "string" ? first : fallback;
}
