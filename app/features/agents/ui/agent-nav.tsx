import { NavLink } from "react-router";

export type AgentNavText = { home: string; farmers: string; orders: string; commission: string };

/** The approved agent's pages, as plain links (no script needed). */
export function AgentNav({ text }: { text: AgentNavText }) {
  const links = [
    { to: "/agent", label: text.home, end: true },
    { to: "/agent/farmers", label: text.farmers, end: false },
    { to: "/agent/orders", label: text.orders, end: true },
    { to: "/agent/commission", label: text.commission, end: true },
  ];
  return (
    <nav aria-label={text.home} className="flex flex-wrap gap-2">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.end}
          className={({ isActive }) =>
            `inline-flex min-h-11 items-center rounded-lg border px-4 text-sm font-semibold ${
              isActive ? "border-brand-700 bg-brand-50 text-brand-900" : "border-stone-300 bg-white text-stone-800"
            }`
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
