"use client";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyNote } from "@/components/ui/empty-note";
import { LoadStates } from "@/components/ui/load-states";
import { useOrderEvents } from "@/components/orders/use-order-events";
import { useFarmToday } from "@/lib/client/resources";
import { useServerList } from "@/lib/client/use-server-list";
import { formatCurrency, formatSlotDay, formatSlotRange, formatUnits } from "@/lib/format";
import type { FarmTodayJson } from "@/lib/contracts/farm";
import { FarmSection } from "./farm-section";
import { StockStepper } from "./stock-stepper";
import { useStockSteps } from "./use-stock-steps";

const CARD = "grid content-start gap-3 rounded-2xl border border-gray-200 p-4";
const day = (date: string) => formatSlotDay(`${date}T00:00`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * My Farm → Today (docs/product.md): the handover day with "Start packing" first, then what to
 * harvest, unread messages, changes waiting for the buyer, low stock with − / + and the next
 * payout. Each section says what will appear there when it is empty. Read from
 * /api/my-farm/today in the browser (the page is prerendered); a live order event (a new order, a
 * cancel, an accepted change) reads it again.
 */
export function FarmToday() {
  const read = useFarmToday();
  const { mutate } = read;
  useOrderEvents(() => void mutate());
  return (
    <LoadStates read={read} failed="Failed to load today" loading="Loading today...">
      {(data) => <TodayView data={data} />}
    </LoadStates>
  );
}

function TodayView({ data }: { data: FarmTodayJson }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <div className="grid gap-6">
        <Handovers data={data} />
        <Harvest data={data} />
      </div>
      <div className="grid gap-6">
        <Messages messages={data.messages} />
        <Waiting waiting={data.waiting} />
        <LowStock products={data.lowStock} />
        <Payout payout={data.payout} />
      </div>
    </div>
  );
}

function Handovers({ data }: { data: FarmTodayJson }) {
  const h = data.handovers;
  const isToday = h.date === data.today;
  const title = isToday ? "Due today" : `Next handovers: ${day(h.date)}`;
  return (
    <FarmSection
      id="handovers"
      testId="today-handovers"
      className={CARD}
      title={title}
      intro={
        h.orders ? (
          <p className="text-sm text-muted" data-testid="handover-counts">
            {plural(h.toHandOver, "order")} to hand over · {h.packed} packed · {h.handedOver} handed
            over
          </p>
        ) : null
      }
    >
      {h.orders === 0 ? (
        <EmptyNote>
          Nothing to hand over in the next two weeks. Orders show here on the day they are due, with
          a link to pack them, as buyers book your pickup and delivery times.
        </EmptyNote>
      ) : (
        <>
          {h.next.length ? (
            <ul className="grid gap-2">
              {h.next.map((o) => (
                <li
                  key={o.id}
                  data-testid="today-handover"
                  className="grid gap-0.5 rounded-xl bg-brand-50 px-3 py-2 text-sm"
                >
                  <span className="font-semibold text-ink">
                    #{o.id} · {o.buyer.fullName}
                  </span>
                  <span className="text-muted">
                    {formatSlotRange(o.start, o.end)} ·{" "}
                    {o.kind === "pickup" ? `Pickup at ${o.place}` : `Delivery to ${o.place}`}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">Everything due today is handed over.</p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button asChild>
              <Link href={`/my-farm/pack-list?date=${h.date}`}>Start packing</Link>
            </Button>
            <Link
              href="/my-farm/orders"
              className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
            >
              All orders
            </Link>
          </div>
        </>
      )}
    </FarmSection>
  );
}

function Harvest({ data }: { data: FarmTodayJson }) {
  const isToday = data.handovers.date === data.today;
  return (
    <FarmSection
      id="today-harvest"
      className={CARD}
      title="What to harvest"
      intro={
        data.harvest.length ? (
          <p className="text-sm text-muted">
            For the orders of {isToday ? "today" : day(data.handovers.date)}.
          </p>
        ) : null
      }
    >
      {data.harvest.length === 0 ? (
        <EmptyNote>
          Nothing to harvest yet. The total of each product for your next handover day shows here as
          orders come in.
        </EmptyNote>
      ) : (
        <ul className="grid gap-1 text-sm" data-testid="today-harvest">
          {data.harvest.map((p) => (
            <li key={p.productId} className="flex justify-between gap-3">
              <span className="text-ink">{p.productName}</span>
              <span className="font-semibold text-ink tabular-nums">
                {formatUnits(p.quantity, p.unit)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </FarmSection>
  );
}

function Messages({ messages }: { messages: FarmTodayJson["messages"] }) {
  return (
    <FarmSection
      id="today-messages"
      testId="today-messages"
      className={CARD}
      title="Messages"
      action={messages.unread ? <Badge variant="secondary">{messages.unread} unread</Badge> : null}
    >
      {messages.conversations.length === 0 ? (
        <EmptyNote>
          No unread messages. When a buyer writes to you, their message shows here with a link to
          reply.
        </EmptyNote>
      ) : (
        <ul className="grid gap-2">
          {messages.conversations.map((c) => (
            <li
              key={c.userId}
              data-testid="today-message"
              className="flex items-center gap-3 rounded-xl bg-brand-50 px-3 py-2 text-sm"
            >
              <div className="grid min-w-0 flex-1">
                <span className="font-semibold text-ink">
                  {c.fullName} · {c.unread} new
                </span>
                <span className="truncate text-muted">{c.latest}</span>
              </div>
              <Button asChild variant="outline" size="sm">
                <Link href={`/messages/${c.userId}`} aria-label={`Reply to ${c.fullName}`}>
                  Reply
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </FarmSection>
  );
}

function Waiting({ waiting }: { waiting: FarmTodayJson["waiting"] }) {
  return (
    <FarmSection
      id="today-waiting"
      testId="today-waiting"
      className={CARD}
      title="Waiting for the buyer"
    >
      {waiting.length === 0 ? (
        <EmptyNote>
          No changes waiting. When you offer a substitute or a larger quantity, the card waits here
          until the buyer accepts or declines it in your chat.
        </EmptyNote>
      ) : (
        <ul className="grid gap-2">
          {waiting.map((a) => (
            <li
              key={a.id}
              data-testid="today-waiting-card"
              className="flex items-center gap-3 rounded-xl bg-brand-50 px-3 py-2 text-sm"
            >
              <div className="grid min-w-0 flex-1">
                <span className="font-semibold text-ink">
                  Order #{a.orderId} · {a.buyer.fullName}
                </span>
                <span className="text-muted">
                  {a.delta >= 0
                    ? `They pay ${formatCurrency(a.delta)} more`
                    : `${formatCurrency(-a.delta)} back to them`}
                </span>
              </div>
              <Button asChild variant="outline" size="sm">
                <Link
                  href={`/messages/${a.buyer.id}`}
                  aria-label={`Open chat with ${a.buyer.fullName}`}
                >
                  Open chat
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </FarmSection>
  );
}

function LowStock({ products: fromServer }: { products: FarmTodayJson["lowStock"] }) {
  const list = useServerList(fromServer);
  const steps = useStockSteps((p) =>
    list.replace({
      id: p.id,
      name: p.name,
      unit: p.unit,
      stock: p.stock,
      reserved: p.reserved,
      available: p.available,
    }),
  );
  return (
    <FarmSection id="today-stock" testId="today-stock" className={CARD} title="Low on stock">
      {list.items.length === 0 ? (
        <EmptyNote>
          Nothing is running low. A product shows here, with − and + to count it again, when 5 or
          fewer are left to sell.
        </EmptyNote>
      ) : (
        <ul className="grid gap-2">
          {list.items.map((p) => {
            const stock = p.stock + steps.pending(p.id);
            const free = Math.max(0, stock - p.reserved);
            return (
              <li
                key={p.id}
                data-testid="today-low-stock"
                className="flex flex-wrap items-center gap-3 rounded-xl bg-brand-50 px-3 py-2 text-sm"
              >
                <span className="min-w-0 flex-1 font-semibold text-ink">{p.name}</span>
                <StockStepper
                  product={p}
                  stock={stock}
                  steps={steps}
                  countClassName="min-w-16"
                  countTestId="free-count"
                >
                  {free} free
                </StockStepper>
              </li>
            );
          })}
        </ul>
      )}
    </FarmSection>
  );
}

function Payout({ payout }: { payout: FarmTodayJson["payout"] }) {
  return (
    <FarmSection
      id="today-payout"
      testId="today-payout"
      className={CARD}
      title="Next payout"
      action={
        <Link
          href="/my-farm/payouts"
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          See payouts
        </Link>
      }
    >
      {payout.amount > 0 ? (
        <p className="text-sm text-muted">
          <span className="text-2xl font-bold text-ink tabular-nums">
            {formatCurrency(payout.amount)}
          </span>{" "}
          on {day(payout.date)}
        </p>
      ) : (
        <EmptyNote>
          Nothing to pay out yet. What you earn from orders handed over is paid out weekly; the next
          payout day is {day(payout.date)}.
        </EmptyNote>
      )}
    </FarmSection>
  );
}
