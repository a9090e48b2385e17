import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: "Page not found · Angle Admin" }];

export function loader() {
  throw data("Not found", { status: 404 });
}

export default function AdminNotFound() {
  return null;
}

export function ErrorBoundary() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <Link to="/admin/dashboard" className="mt-4 inline-block font-semibold text-brand-700 underline">
        Back to the dashboard
      </Link>
    </div>
  );
}
