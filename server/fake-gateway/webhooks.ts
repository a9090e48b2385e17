import { setTimeout as sleep } from "node:timers/promises";
import { type GatewayState, hmacHex, randomId, unixNow, type WebhookTarget } from "./state.ts";

export type Gateway = "razorpay" | "stripe";

export type DeliveryAttempt = {
  eventId: string;
  gateway: Gateway;
  url: string;
  attempt: number;
  /** The receiver's HTTP status, or null when it could not be reached (see error). */
  status: number | null;
  error: string | null;
  body: string;
  signatureHeader: string;
  at: string;
};

export type RecordedEvent = {
  id: string;
  gateway: Gateway;
  type: string;
  /** The exact JSON text sent (and signed); a redelivery sends it again unchanged. */
  body: string;
  createdAt: string;
  deliveries: DeliveryAttempt[];
};

export type WebhookDispatcher = {
  emit(gateway: Gateway, type: string, buildBody: (eventId: string) => unknown): RecordedEvent;
  redeliver(eventId: string): RecordedEvent | undefined;
  events(): RecordedEvent[];
  /** Resolves once every delivery under way, retries included, has finished. */
  idle(): Promise<void>;
  /** Abandons every delivery under way. */
  abort(): void;
  /** Abandons every delivery under way and forgets the events. */
  clear(): void;
};

const RETRY_DELAYS_MS = [500, 1000, 2000];
const REQUEST_TIMEOUT_MS = 10_000;

function signatureFor(gateway: Gateway, body: string, secret: string) {
  if (gateway === "razorpay") return { name: "X-Razorpay-Signature", value: hmacHex(secret, body) };
  // Stripe signs a fresh timestamp on every attempt, so a replayed event still passes the receiver's tolerance.
  const t = unixNow();
  return { name: "Stripe-Signature", value: `t=${t},v1=${hmacHex(secret, `${t}.${body}`)}` };
}

export function createWebhookDispatcher(state: GatewayState): WebhookDispatcher {
  let events: RecordedEvent[] = [];
  let stop = new AbortController();
  const running = new Set<Promise<void>>();

  const targetFor = (gateway: Gateway): WebhookTarget | null =>
    gateway === "razorpay" ? state.config.razorpayWebhook : state.config.stripeWebhook;

  async function attempt(event: RecordedEvent, target: WebhookTarget, attemptNumber: number, signal: AbortSignal) {
    const signature = signatureFor(event.gateway, event.body, target.secret);
    const headers: Record<string, string> = { "Content-Type": "application/json", [signature.name]: signature.value };
    if (event.gateway === "razorpay") headers["X-Razorpay-Event-Id"] = event.id;
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(target.url, {
        method: "POST",
        headers,
        body: event.body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      });
      status = response.status;
      await response.body?.cancel();
    } catch (cause) {
      // fetch's own message is only "fetch failed"; the reason (ECONNREFUSED, a timeout) is its cause.
      const reason = cause instanceof Error && cause.cause instanceof Error ? `: ${cause.cause.message}` : "";
      error = cause instanceof Error ? cause.message + reason : String(cause);
    }
    if (signal.aborted) return false;
    event.deliveries.push({
      eventId: event.id,
      gateway: event.gateway,
      url: target.url,
      attempt: attemptNumber,
      status,
      error,
      body: event.body,
      signatureHeader: signature.value,
      at: new Date().toISOString(),
    });
    return status !== null && status >= 200 && status < 300;
  }

  function deliver(event: RecordedEvent) {
    const target = targetFor(event.gateway);
    if (!target) return;
    const { signal } = stop;
    const run = (async () => {
      try {
        // Like the real gateways: the webhook leaves after the request that caused it has been answered.
        await sleep(0, undefined, { signal });
        for (let n = 0; n <= RETRY_DELAYS_MS.length; n++) {
          if (n > 0) await sleep(RETRY_DELAYS_MS[n - 1], undefined, { signal });
          if (await attempt(event, target, n + 1, signal)) return;
          if (signal.aborted) return;
        }
      } catch (cause) {
        // Only an abort (reset or close) ends a delivery early; anything else is a bug worth seeing.
        if (!signal.aborted) console.error("fake gateway: webhook delivery failed", cause);
      }
    })();
    running.add(run);
    void run.then(() => running.delete(run));
  }

  return {
    emit(gateway, type, buildBody) {
      const id = randomId("evt_", gateway === "stripe" ? 24 : 14);
      const event: RecordedEvent = {
        id,
        gateway,
        type,
        body: JSON.stringify(buildBody(id)),
        createdAt: new Date().toISOString(),
        deliveries: [],
      };
      events.push(event);
      if (!state.webhooksPaused) deliver(event);
      return event;
    },
    redeliver(eventId) {
      const event = events.find((e) => e.id === eventId);
      if (event) deliver(event);
      return event;
    },
    events: () => events,
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    abort() {
      stop.abort();
      stop = new AbortController();
    },
    clear() {
      this.abort();
      events = [];
    },
  };
}
