import { testModeMessages } from "#shared/messages/shop.ts";

/** Above every page of a production shop whose payments are tests (ALLOW_TEST_PAYMENTS): nobody takes it for real. */
export function TestModeNotice() {
  return (
    <p
      data-test-mode="true"
      className="border-b-2 border-dashed border-amber-500 bg-amber-50 px-4 py-2 text-center text-sm font-semibold text-amber-900"
    >
      {testModeMessages.notice}
    </p>
  );
}
