import { m } from "~/platform/i18n/i18n.server";
import type { AgentNavText } from "../ui/agent-nav";

/** The agent pages' links, in the request's language. */
export const agentNavText = (): AgentNavText => ({
  home: m.agents_home_link(),
  farmers: m.agents_link_farmers(),
  orders: m.agents_link_orders(),
  commission: m.agents_link_commission(),
});
