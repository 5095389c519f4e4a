/** The desktop nav's top-level links and their chevrons, the same in the plain nav and in the Radix menu that replaces it. */
export const topLink =
  "inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-medium text-ink hover:bg-brand-50 hover:text-brand-800 data-[state=open]:bg-brand-50";
export const chevron = "h-4 w-4 transition-transform group-data-[state=open]:rotate-180";
