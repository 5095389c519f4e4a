/** The inputs every public form (contact, waitlist, demo) starts with, as FormInput props. */
export const personInputs = [
  { name: "fullName", label: "Full Name", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
] as const;
