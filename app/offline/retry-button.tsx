"use client";

/** Loads the page again: back online, the page the visitor asked for opens. */
export function RetryButton() {
  return (
    <button
      type="button"
      onClick={() => location.reload()}
      className="inline-flex h-11 items-center rounded-lg border border-gray-300 px-5 font-semibold text-ink hover:bg-gray-50"
    >
      Try again
    </button>
  );
}
