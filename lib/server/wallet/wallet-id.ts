import "server-only";
import crypto from "node:crypto";

// No 0/O, 1/I/L: people read wallet ids aloud to support.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

function group(): string {
  let s = "";
  for (let i = 0; i < 4; i++) s += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return s;
}

/** A human wallet id such as "FF-7Q2K-9XHD" (31^8 ≈ 8.5e11 values; collisions are retried). */
export function generateWalletId(): string {
  return `FF-${group()}-${group()}`;
}
