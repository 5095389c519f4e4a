"use client";
import { QUEUE_DB } from "./names";
import type { OutboxEntry, OutboxStore } from "./queue";

const STORE = "actions";
let opening: Promise<IDBDatabase> | null = null;

/** The outbox database, opened once per page; closed when sign-out deletes it. */
function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(QUEUE_DB, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
    };
    req.onsuccess = () => {
      const db = req.result;
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    req.onerror = () => {
      opening = null;
      reject(req.error);
    };
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = work(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(req.result);
        tx.onerror = tx.onabort = () => reject(tx.error ?? req.error);
      }),
  );
}

/** The outbox in IndexedDB: it outlives a reload, a closed tab and a phone in a pocket. */
export const indexedDbOutbox: OutboxStore & {
  add(entry: Omit<OutboxEntry, "id">): Promise<OutboxEntry>;
} = {
  list: () => run("readonly", (s) => s.getAll() as IDBRequest<OutboxEntry[]>),
  put: async (entry) => {
    await run("readwrite", (s) => s.put(entry));
  },
  remove: async (id) => {
    await run("readwrite", (s) => s.delete(id));
  },
  add: async (entry) => {
    const id = await run("readwrite", (s) => s.add(entry));
    return { ...entry, id: Number(id) };
  },
};
