/**
 * A room that takes nothing on trust: every connection is signed in (a valid token), and every message is held
 * to a size limit, a rate limit, a known type and its schema before a handler sees it. Bad messages get an
 * `error` reply; a connection that keeps flooding is closed. Nothing a client sends can throw out of here.
 */
import { unpack } from '@colyseus/msgpackr';
import {
  ClientState,
  Protocol,
  Room,
  ServerError,
  type AuthContext,
  type Client,
  type ClientPrivate,
} from '@colyseus/core';
import { decode } from '@colyseus/schema';
import {
  CLIENT_MESSAGES,
  CLOSE_CODES,
  JOIN_ERRORS,
  LIMITS,
  parseClientMessage,
  protocolRefusal,
  type ClientMessage,
  type ClientMessageType,
  type ErrorMessage,
  type TokenMessage,
} from '@hearts/protocol/socket';
import { clientAddress } from '../limits.js';
import { maybeServices, services } from '../services.js';

/** Who a connection speaks for. */
export interface Auth {
  readonly userId: string;
  readonly name: string;
  readonly rating: number;
  readonly renewed: string | null; // a fresh token for a client that came with an old one (see handOverToken)
  readonly address?: string; // the client's address (limits.ts `clientAddress`) as the matchmaking request came
}

/** Who each matchmaking request (its auth context) speaks for, once its token was checked. */
const signedIn = new WeakMap<AuthContext, Auth>();

interface Bucket {
  tokens: number;
  at: number;
  strikes: number; // messages refused for the rate limit
  closed: boolean; // closed for flooding: later frames are not read
}

export type Handlers = {
  [T in ClientMessageType]?: (client: Client, message: ClientMessage<T>) => void | Promise<void>;
};

export abstract class GuardedRoom extends Room {
  private readonly buckets = new WeakMap<Client, Bucket>();
  private handlerTable: Handlers | null = null; // handlers(), built on the first message

  /**
   * Every connection must carry a valid token, as the Authorization bearer token of the HTTP matchmaking
   * request: Colyseus runs this static `onAuth` there and keeps the result with the seat reservation, so the
   * WebSocket itself needs only the reservation's session id (the client puts no token in its URL). A request
   * signed in already (joining by id checks the token first: `admission.ts`) is not looked up again.
   *
   * Before the token, the join options must name this server's protocol (`protocol: LIVE_PROTOCOL`): a client of
   * another version — a page left open over an update — is refused with `JOIN_ERRORS.protocol`, which it does not
   * retry, and not left to fail on messages it does not know.
   */
  static override async onAuth(token: string, options: unknown, context: AuthContext): Promise<Auth> {
    const known = typeof context === 'object' ? signedIn.get(context) : undefined;
    if (known) return known;
    const otherProtocol = protocolRefusal(options);
    if (otherProtocol !== null) throw new ServerError(JOIN_ERRORS.protocol, otherProtocol);
    const s = services();
    const session = await s.identity.session(token);
    if (!session)
      throw new ServerError(JOIN_ERRORS.authFailed, 'sign in first: the token is missing or not valid');
    const { user, renewed } = session;
    const req = typeof context === 'object' && context !== null ? context.req : undefined;
    const address = req ? clientAddress(req, s.config.trustProxy) : undefined;
    const auth: Auth = {
      userId: user.id,
      name: user.name,
      rating: user.rating,
      renewed,
      ...(address !== undefined && { address }),
    };
    if (typeof context === 'object' && context !== null) signedIn.set(context, auth);
    return auth;
  }

  /** Hands a renewed token to a client that joined with an old one; the client keeps it instead. */
  protected handOverToken(client: Client, auth: Auth): void {
    if (auth.renewed !== null) client.send('token', { token: auth.renewed } satisfies TokenMessage);
  }

  /** The room's message handlers; called once per room. */
  protected abstract handlers(): Handlers;

  /** Counts the room among the process' rooms (metrics, draining) until it is disposed. */
  protected register(): void {
    services().rooms.add(this);
  }

  override onDispose(): void {
    maybeServices()?.rooms.delete(this);
    this.cleanup();
  }

  /** Frees what the room holds (timers) when it is disposed. */
  protected cleanup(): void {}

  protected sendError(client: Client, error: ErrorMessage): void {
    services().metrics.rejected.inc({ code: error.code });
    client.send('error', error);
  }

  /**
   * Decodes and checks a message ourselves, so that no malformed input reaches Colyseus' own decoding. Every frame
   * counts against the rate limit — empty ones and ones of no known kind too — before anything else is done with it.
   */
  protected override _onMessage(client: Client & ClientPrivate, buffer: Buffer): void {
    try {
      if (client.state === ClientState.LEAVING || this.buckets.get(client)?.closed) return; // going: not read
      const code = buffer.length === 0 ? undefined : buffer[0];
      if (code === Protocol.JOIN_ROOM || code === Protocol.LEAVE_ROOM) {
        // Join confirmation and leave: counted, and honoured even over the limit (each acts once, and a client
        // that asks to go is let go); a flood of them is closed like any other.
        this.allow(client);
        if (!this.buckets.get(client)?.closed) super._onMessage(client, buffer);
        return;
      }
      if (code !== Protocol.ROOM_DATA && code !== Protocol.ROOM_DATA_BYTES) {
        if (!this.allow(client)) return;
        this.sendError(client, { code: 'ERR_MALFORMED', message: 'not a message of this protocol' });
        return;
      }
      if (code === Protocol.ROOM_DATA_BYTES) {
        if (!this.allow(client)) return;
        this.sendError(client, {
          code: 'ERR_MALFORMED',
          message: 'binary messages are not part of this protocol',
        });
        return;
      }
      if (buffer.length > LIMITS.messageBytes) {
        if (!this.allow(client)) return;
        this.sendError(client, {
          code: 'ERR_TOO_LARGE',
          message: `messages are limited to ${LIMITS.messageBytes} bytes`,
        });
        return;
      }
      let type: unknown;
      let message: unknown;
      try {
        const it = { offset: 1 };
        type = decode.stringCheck(buffer, it) ? readString(buffer, it) : decode.number(buffer, it);
        message = buffer.byteLength > it.offset ? unpack(buffer.subarray(it.offset)) : undefined;
      } catch {
        if (!this.allow(client)) return;
        this.sendError(client, { code: 'ERR_MALFORMED', message: 'the message cannot be decoded' });
        return;
      }
      // Decoded first (it is small) so that a refused move names its id and the client's move settles.
      if (!this.allow(client, echoId(message))) return;
      this.dispatch(client, type, message);
    } catch (e) {
      services().log.warn({ err: e, room: this.roomId }, 'a client message failed');
      try {
        this.sendError(client, { code: 'ERR_MALFORMED', message: 'the message was refused' });
      } catch {
        // the connection is gone
      }
    }
  }

  private dispatch(client: Client, type: unknown, message: unknown): void {
    if (typeof type !== 'string' || !(CLIENT_MESSAGES as readonly string[]).includes(type)) {
      this.sendError(client, { code: 'ERR_UNKNOWN_TYPE', message: 'unknown message type' });
      return;
    }
    const t = type as ClientMessageType;
    const handler = (this.handlerTable ??= this.handlers())[t] as
      ((c: Client, m: unknown) => void | Promise<void>) | undefined;
    if (!handler) {
      this.sendError(client, { code: 'ERR_NOT_NOW', message: `"${t}" is not expected here` });
      return;
    }
    const parsed = parseClientMessage(t, message);
    if (!parsed.ok) {
      this.sendError(client, {
        code: 'ERR_MALFORMED',
        message: parsed.reason.slice(0, 200),
        ...echoId(message),
      });
      return;
    }
    Promise.resolve(handler(client, parsed.value)).catch((e: unknown) => {
      services().log.error({ err: e, room: this.roomId, type: t }, 'a message handler failed');
      this.sendError(client, { code: 'ERR_NOT_NOW', message: 'the message could not be handled' });
    });
  }

  /** Token bucket: `rateLimit` messages per second, bursts of twice that. Repeated flooding closes the connection. */
  private allow(client: Client, echo: { id?: string } = {}): boolean {
    const rate = services().config.rateLimit;
    const now = Date.now();
    let b = this.buckets.get(client);
    if (!b) this.buckets.set(client, (b = { tokens: rate * 2, at: now, strikes: 0, closed: false }));
    b.tokens = Math.min(rate * 2, b.tokens + ((now - b.at) * rate) / 1000);
    b.at = now;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return true;
    }
    b.strikes++;
    if (b.strikes >= rate * 2) {
      if (!b.closed) {
        b.closed = true;
        services().log.warn(
          { room: this.roomId, session: client.sessionId },
          'closing a flooding connection',
        );
        client.leave(CLOSE_CODES.rateLimited);
      }
      return false;
    }
    if (b.strikes === 1 || b.strikes % 10 === 0 || echo.id !== undefined)
      this.sendError(client, { code: 'ERR_RATE_LIMIT', message: 'too many messages: slow down', ...echo });
    return false;
  }
}

/** The id a client gave its message, when it is a well-formed one, to name in an error reply. */
function echoId(message: unknown): { id?: string } {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? { id } : {};
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A string as Colyseus frames a message type (msgpack str: fixstr, str 8/16/32 with little-endian lengths). Unlike
 * Colyseus' own reader it throws on invalid UTF-8 and on a length past the end, instead of logging to stderr for
 * every such message.
 */
function readString(bytes: Buffer, it: { offset: number }): string {
  const prefix = bytes[it.offset++]!;
  const length =
    prefix === 0xd9
      ? decode.uint8(bytes, it)
      : prefix === 0xda
        ? decode.uint16(bytes, it)
        : prefix === 0xdb
          ? decode.uint32(bytes, it)
          : prefix & 0x1f;
  if (it.offset + length > bytes.length) throw new Error('the string runs past the message');
  const text = utf8.decode(bytes.subarray(it.offset, it.offset + length));
  it.offset += length;
  return text;
}
