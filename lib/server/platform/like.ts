/** Text for a LIKE/ILIKE pattern (or Prisma's `contains`, which is one) that matches literally: `\`, `%` and `_` escaped. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
