/** A password thread of the server: derives one scrypt key at a time, in order (see passwords.ts). */
import { scryptSync } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import type { DeriveRequest, DeriveResponse } from './passwords.js';

const port = parentPort!;

port.on('message', (req: DeriveRequest) => {
  let res: DeriveResponse;
  try {
    const { N, r, p, keylen } = req.params;
    const key = scryptSync(req.password, Buffer.from(req.salt, 'base64'), keylen, {
      N,
      r,
      p,
      maxmem: 128 * (N + p) * r + 1024 * 1024,
    });
    res = { id: req.id, ok: true, key: key.toString('base64') };
  } catch (e) {
    res = { id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(res);
});
