import crypto from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";

/**
 * A local Web Push service (an HTTPS server in the test process) that stands where a browser's
 * push service does: it takes what `web-push` sends to a subscription's endpoint, checks the VAPID
 * signature, and decrypts the payload (aes128gcm, RFC 8188 / RFC 8291) with the subscription's own
 * P-256 key and auth secret, generated here as a browser would. `status` makes it answer something
 * else (410: the subscription is gone; 500: an outage).
 */
export type ReceivedPush = {
  subscription: string;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID JWT's claims, after its ES256 signature was checked against `k`. */
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
  /** The decrypted payload, parsed as JSON. */
  message: { title: string; body: string; url: string; tag: string };
};

export type TestSubscription = {
  /** What a browser's `PushSubscription.toJSON()` gives: POST it to /api/push-subscriptions. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  name: string;
  ecdh: crypto.ECDH;
  auth: Buffer;
};

export type TestPushService = {
  origin: string;
  /** The CA the push transport must trust (the server's self-signed certificate). */
  agent: https.Agent;
  received: ReceivedPush[];
  /** Per subscription name, the status to answer instead of 201. */
  status: Map<string, number>;
  subscribe(name?: string): TestSubscription;
  close(): Promise<void>;
};

function selfSignedCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "push-service-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return {
      key: fs.readFileSync(path.join(dir, "key.pem"), "utf8"),
      cert: fs.readFileSync(path.join(dir, "cert.pem"), "utf8"),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(crypto.hkdfSync("sha256", ikm, salt, info, length));

/** RFC 8291 §3.4 and RFC 8188 §2: one record, the last, with its 0x02 padding delimiter. */
export function decryptAes128gcm(body: Buffer, sub: TestSubscription): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const uaPublic = sub.ecdh.getPublicKey();
  const ecdhSecret = sub.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, senderKey]);
  const ikm = hkdf(ecdhSecret, sub.auth, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = crypto.createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("not the last record: padding delimiter missing");
  return plain.subarray(0, end).toString("utf8");
}

/** `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): the claims, once the signature holds. */
function verifyVapid(header: string | undefined): ReceivedPush["vapid"] {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!m) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, k] = m;
  const [h, p, s] = jwt.split(".");
  const point = Buffer.from(k, "base64url");
  const key = crypto.createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const ok = crypto.verify(
    "sha256",
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(s, "base64url"),
  );
  if (!ok) throw new Error("VAPID signature does not verify");
  const claims = JSON.parse(Buffer.from(p, "base64url").toString("utf8"));
  return { ...claims, publicKey: k };
}

export async function startPushService(): Promise<TestPushService> {
  const { key, cert } = selfSignedCertificate();
  const subscriptions = new Map<string, TestSubscription>();
  const received: ReceivedPush[] = [];
  const status = new Map<string, number>();
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const name = decodeURIComponent((req.url ?? "").replace(/^\/push\//, ""));
      const sub = subscriptions.get(name);
      const answer = status.get(name);
      if (!sub || req.method !== "POST") {
        res.writeHead(404).end();
        return;
      }
      if (answer) {
        res.writeHead(answer).end("refused by the test");
        return;
      }
      try {
        if (req.headers["content-encoding"] !== "aes128gcm")
          throw new Error(`content-encoding ${req.headers["content-encoding"]}`);
        received.push({
          subscription: name,
          ttl: req.headers.ttl as string | undefined,
          urgency: req.headers.urgency as string | undefined,
          topic: req.headers.topic as string | undefined,
          vapid: verifyVapid(req.headers.authorization),
          message: JSON.parse(decryptAes128gcm(Buffer.concat(chunks), sub)),
        });
        res.writeHead(201).end();
      } catch (error) {
        res.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: cert });
  let count = 0;
  return {
    origin,
    agent,
    received,
    status,
    subscribe(name = `sub-${++count}`) {
      const ecdh = crypto.createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const sub: TestSubscription = {
        name,
        ecdh,
        auth,
        json: {
          endpoint: `${origin}/push/${encodeURIComponent(name)}`,
          expirationTime: null,
          keys: {
            p256dh: ecdh.getPublicKey().toString("base64url"),
            auth: auth.toString("base64url"),
          },
        },
      };
      subscriptions.set(name, sub);
      return sub;
    },
    close: async () => {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
