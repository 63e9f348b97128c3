import { useId } from "react";

interface TextFieldProps extends React.ComponentProps<"input"> {
  label: string;
  name: string;
}

/** A labelled input in the accounts screens' style. */
export function TextField({ label, name, className, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className={className ?? "mb-4"}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="w-full rounded border border-gray-300 px-3 py-2 text-gray-900 read-only:bg-gray-100 read-only:text-gray-600 focus:border-brand-dark focus:ring-2 focus:ring-brand-dark/30 focus:outline-none"
        {...input}
      />
    </div>
  );
}

export const primaryButton =
  "w-full rounded bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand disabled:cursor-not-allowed disabled:opacity-60";
export const secondaryButton =
  "w-full rounded border border-brand-dark px-4 py-2.5 font-semibold text-brand-dark hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60";
export const linkButton = "font-semibold text-brand-dark underline-offset-2 hover:underline";
