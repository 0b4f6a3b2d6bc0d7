/** The notices stream of an app, as the tests read it (`GET /api/notices`, Server-Sent Events). */
import { expect } from 'vitest';
import { NOTICES_PATH, noticeSchema, type Notice } from '@hearts/protocol/http';

/** An app's notices stream: the notices heard so far. */
export async function openNotices(url: string, token: string) {
  const abort = new AbortController();
  const res = await fetch(url + NOTICES_PATH, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const heard: Notice[] = [];
  const reader = res.body!.getReader();
  const done = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of event.split('\n'))
            if (line.startsWith('data: ')) heard.push(noticeSchema.parse(JSON.parse(line.slice(6))));
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    heard,
    close: async () => {
      abort.abort();
      await done;
    },
  };
}
